// Names and units of module readings (issue 41): the standard readings a Sense module reports
// (`f0`…`f20` live status, `e0`…`e10` provisioning) have built-in names in Dutch and English (the
// server's locales/<language>/sense-labels.json); an organisation's administrator may give any
// reading key its own name per language and a unit. GET /sense/configuration?type=label answers the
// organisation's names merged over the defaults, in the caller's language.
import { z } from 'zod';
import { localeSchema } from './auth.ts';
import { dataOf, idSchema, safeLineSchema } from './common.ts';

/** The readings with a built-in name: what the module firmware (and the demo simulator) sends. */
export const standardReadingKeys: readonly string[] = [
  ...Array.from({ length: 21 }, (_, i) => `f${String(i)}`),
  ...Array.from({ length: 11 }, (_, i) => `e${String(i)}`),
];

export const isStandardReadingKey = (key: string): boolean => standardReadingKeys.includes(key);

/** A reading key as modules send them (contracts/ingest.ts): f0…f99, e0…e99. */
export const readingKeySchema = z.string().regex(/^[fe]\d{1,2}$/, 'a reading key: f0…f99 or e0…e99');

/** At most this many own names per organisation: every key there can be. */
export const maxSenseLabelsPerOrganisation = 200;

const nameSchema = safeLineSchema(80).trim();
const unitSchema = safeLineSchema(16).trim();

export const senseLabelNamesSchema = z.object({ name: z.string(), unit: z.string().nullable() });

/** One reading as the administration page shows it. */
export const senseLabelItemSchema = z.object({
  key: z.string(),
  /** The built-in names (null for a key without a default). */
  defaults: z.object({ nl: senseLabelNamesSchema, en: senseLabelNamesSchema }).nullable(),
  /** The organisation's own names; null: the defaults apply. */
  own: z
    .object({
      nameNl: z.string().nullable(),
      nameEn: z.string().nullable(),
      unit: z.string().nullable(),
      /** A change names it; a stale one answers 409. */
      version: z.number().int(),
    })
    .nullable(),
  /** What the lift page shows, in the caller's language. */
  shown: senseLabelNamesSchema,
});
export type SenseLabelItem = z.infer<typeof senseLabelItemSchema>;

/** GET /liftwacht/organisations/{id}/sense-labels */
export const senseLabelsSchema = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  /** Whether the caller may change them (the organisation's own admin, or system-admin). */
  editable: z.boolean(),
  items: z.array(senseLabelItemSchema),
});
export type SenseLabels = z.infer<typeof senseLabelsSchema>;
export const senseLabelsResponseSchema = dataOf(senseLabelsSchema);

export const senseLabelsQuerySchema = z.object({ locale: localeSchema.optional() });

/** PUT /liftwacht/organisations/{id}/sense-labels/{key}: at least one name; version null creates. */
export const putSenseLabelSchema = z
  .strictObject({
    nameNl: nameSchema.nullable(),
    nameEn: nameSchema.nullable(),
    unit: unitSchema.nullable(),
    version: z.number().int().min(1).max(2_147_483_647).nullable(),
  })
  .refine((body) => Boolean(body.nameNl) || Boolean(body.nameEn), {
    message: 'a name in Dutch or English',
    path: ['nameNl'],
  });
export type PutSenseLabel = z.infer<typeof putSenseLabelSchema>;

export const senseLabelParamsSchema = z.object({ id: idSchema, key: readingKeySchema });

/** DELETE …/sense-labels/{key}?version=: back to the default. */
export const deleteSenseLabelQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const senseLabelResponseSchema = dataOf(senseLabelItemSchema);
