import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  liftImportOrganisationField,
  liftImportPreviewResponseSchema,
  liftImportResultResponseSchema,
  type LiftImportApplyInput,
  type LiftImportPreview,
  type LiftImportResult,
} from '@liftwacht/contracts/lift-spreadsheets';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';

// Plain calls kept by useAsyncAction in the wizard, as the lift form does (see save-lift.ts).

/** POST /liftwacht/admin/lift-imports (multipart): stores the file and answers its preview. */
export async function uploadLiftImport(file: File, organisationId: number): Promise<LiftImportPreview> {
  const form = new FormData();
  form.append(liftImportOrganisationField, String(organisationId));
  // The file part last: the server reads the fields before it streams the file.
  form.append('file', file, file.name);
  return (await apiRequest('POST', '/admin/lift-imports', { schema: liftImportPreviewResponseSchema, body: form }))
    .data;
}

/** POST /liftwacht/admin/lift-imports/{id}/apply with the unknown columns the user ignores: all rows in one transaction, or none. */
export function useApplyLiftImport(): (id: string, body: LiftImportApplyInput) => Promise<LiftImportResult> {
  const client = useQueryClient();
  return useCallback(
    async (id: string, body: LiftImportApplyInput) => {
      const path = `/admin/lift-imports/${encodeURIComponent(id)}/apply`;
      const result = (await apiRequest('POST', path, { schema: liftImportResultResponseSchema, body })).data;
      // New and changed lifts: every list, search and lift page may be out of date.
      await client.invalidateQueries({ queryKey: ['lifts'] });
      sessionActions.refreshOrganisationList();
      return result;
    },
    [client],
  );
}
