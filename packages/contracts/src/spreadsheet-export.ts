// What every list export adds to its list's query (spec §2 exports): the file format and the
// language of headers, values and the file name. The list's own filters and order stay as they
// are; paging is dropped, since an export holds every matching row.
import { z } from 'zod';
import { localeSchema } from './auth.ts';

export const exportFormats = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const exportFileFields = {
  format: exportFormatSchema,
  language: localeSchema.default('nl'),
};
