import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  liftImportOrganisationField,
  liftImportPreviewResponseSchema,
  liftImportResultResponseSchema,
} from '@liftwacht/contracts/lift-spreadsheets';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /liftwacht/admin/lift-imports (multipart): stores the file and answers its preview. */
export function useUploadLiftImport() {
  return useMutation({
    mutationFn: async ({ file, organisationId }: { file: File; organisationId: number }) => {
      const form = new FormData();
      form.append(liftImportOrganisationField, String(organisationId));
      // The file part last: the server reads the fields before it streams the file.
      form.append('file', file, file.name);
      return (await apiRequest('POST', '/admin/lift-imports', { schema: liftImportPreviewResponseSchema, body: form }))
        .data;
    },
  });
}

/** POST /liftwacht/admin/lift-imports/{id}/apply: all rows in one transaction, or none. */
export function useApplyLiftImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiRequest('POST', `/admin/lift-imports/${encodeURIComponent(id)}/apply`, {
          schema: liftImportResultResponseSchema,
        })
      ).data,
    // New and changed lifts: every list, search and lift page may be out of date.
    onSuccess: () => client.invalidateQueries({ queryKey: ['lifts'] }),
  });
}
