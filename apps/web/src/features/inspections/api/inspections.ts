import { queryOptions } from '@tanstack/react-query';
import {
  inspectionCertificateField,
  inspectionResponseSchema,
  liftInspectionsResponseSchema,
  type Inspection,
  type InspectionKind,
  type InspectionResult,
} from '@liftwacht/contracts/inspections';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';

/** GET /liftwacht/lift/{id}/inspections: newest first, with when the next one is due. */
export const liftInspectionsQueryOptions = (liftId: number) =>
  queryOptions({
    queryKey: ['lifts', 'inspections', liftId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', `/lift/${liftId}/inspections`, {
          schema: liftInspectionsResponseSchema,
          signal,
          query: { limit: 20 },
        })
      ).data,
  });

export interface InspectionValues {
  inspectedOn: string;
  kind: InspectionKind;
  result: InspectionResult;
  findings: string;
  validUntil: string;
}

/**
 * POST /liftwacht/lift/{id}/inspections (multipart): the fields, then the certificate if chosen,
 * with the attempt's Idempotency-Key, so a retry after a lost answer records once.
 */
export async function recordInspection(
  liftId: number,
  values: InspectionValues,
  certificate: File | null,
  key: string,
): Promise<Inspection> {
  const form = new FormData();
  for (const [name, value] of Object.entries(values) as [string, string][]) form.append(name, value);
  // The file part last: the server reads the fields before it streams the file.
  if (certificate) form.append(inspectionCertificateField, certificate, certificate.name);
  return (
    await apiRequest('POST', `/lift/${liftId}/inspections`, {
      schema: inspectionResponseSchema,
      body: form,
      headers: { 'Idempotency-Key': key },
    })
  ).data;
}

/** GET /liftwacht/inspections/{id}/certificate: the PDF as it was uploaded. */
export const downloadCertificate = (inspection: Inspection) =>
  downloadFile('GET', `/inspections/${inspection.id}/certificate`, {
    fallbackName: inspection.certificate?.fileName ?? 'certificaat.pdf',
  });
