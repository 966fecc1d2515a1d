import { queryOptions } from '@tanstack/react-query';
import {
  savedReportListResponseSchema,
  savedReportRequestSchema,
  savedReportResponseSchema,
  type SavedReportRequest,
} from '@liftwacht/contracts/reports';
import { apiRequest, apiRequestResponse } from '../../../lib/api-client.ts';

export const savedReportsQueryKey = ['saved-reports'] as const;

/** GET /reports: the user's last reports, newest first. */
export const savedReportsQueryOptions = () =>
  queryOptions({
    queryKey: savedReportsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', '/reports', { schema: savedReportListResponseSchema, signal })).data.items,
  });

/** POST /reports: builds the report on the server (it cannot tell how far it is) and keeps it. */
export async function createSavedReport(request: SavedReportRequest) {
  const body = savedReportRequestSchema.parse(request);
  return (await apiRequest('POST', '/reports', { schema: savedReportResponseSchema, body })).data;
}

/** GET /reports/{id}/pdf: a kept report's PDF. */
export async function fetchSavedReportPdf(id: number): Promise<Blob> {
  return (await apiRequestResponse('GET', `/reports/${String(id)}/pdf`)).blob();
}
