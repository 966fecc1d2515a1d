// Inspections for the security harness and the inspection tests: a small valid PDF, the record
// upload, and an inspection with a certificate stored directly (for the download route).
import { inspections } from '../db/schema.ts';
import type { MultipartParts } from './multipart-body.ts';
import type { SecurityWorld } from './security-world.ts';

/** The smallest PDF readers open: one empty page. */
export function tinyPdf(label = 'Liftwacht'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${label}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

export function inspectionUpload(
  fields: Record<string, string> = {},
  certificate: Buffer | null = tinyPdf(),
): MultipartParts {
  return {
    fields: { inspectedOn: '2026-03-09', kind: 'periodic_inspection', result: 'approved', ...fields },
    ...(certificate
      ? {
          files: { certificate: { fileName: 'certificaat.pdf', contentType: 'application/pdf', content: certificate } },
        }
      : {}),
  };
}

/** An approved inspection with a certificate on the lift; answers its id. */
export async function storedInspection(w: Pick<SecurityWorld, 't'>, liftId: number): Promise<number> {
  const content = tinyPdf();
  const [row] = await w.t.database.db
    .insert(inspections)
    .values({
      liftId,
      inspectedOn: '2025-06-01',
      result: 'approved',
      validUntil: '2026-12-01',
      logType: 'periodic_inspection',
      certificate: content,
      certificateName: 'certificaat.pdf',
      certificateBytes: content.length,
    })
    .returning({ id: inspections.id });
  if (!row) throw new Error('inspection not stored');
  return row.id;
}
