// Sense modules: the field labels the portal shows (spec §3 "sense configuration items: requested
// with type label", §7 GET /sense/configuration, §9 page limit 9999) and a lift's latest readings
// for the lift page's sense data panel.
import { z } from 'zod';
import { localeSchema } from './auth.ts';
import { dataOf, idSchema, isoDateTimeSchema, listOf, pageOffsetSchema, safeLineSchema } from './common.ts';

/** GET /liftwacht/sense/configuration. Without type, every type. */
export const senseConfigurationQuerySchema = z.object({
  type: safeLineSchema(50).trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(9999).default(9999),
  offset: pageOffsetSchema,
  /** Whose own reading names (contracts/sense-labels.ts) apply; default the caller's organisation. */
  organisationId: idSchema.optional(),
  /** The language of the labels; default the caller's. */
  locale: localeSchema.optional(),
});
export type SenseConfigurationQuery = z.infer<typeof senseConfigurationQuerySchema>;

export const senseConfigurationItemSchema = z.object({
  /** The configuration row; null for a built-in default or an organisation's own name. */
  id: z.number().int().nullable(),
  /** e.g. label */
  type: z.string(),
  /** The module message field it describes: f0…, e0… */
  key: z.string(),
  label: z.string(),
  /** The reading's unit (V, °C), shown after its value; null: none. */
  unit: z.string().nullable().optional(),
  /** null: applies to every module type. */
  moduleType: z.string().nullable(),
});
export type SenseConfigurationItem = z.infer<typeof senseConfigurationItemSchema>;

export const senseConfigurationResponseSchema = listOf(senseConfigurationItemSchema);
export type SenseConfigurationResponse = z.infer<typeof senseConfigurationResponseSchema>;

export const senseReadingSchema = z.object({
  /** Module message field (f… live status, e… provisioning); label it with the sense configuration. */
  key: z.string(),
  /** The value as the module sent it: a number, text, a boolean or a JSON structure. */
  value: z.unknown(),
  at: isoDateTimeSchema,
});
export type SenseReading = z.infer<typeof senseReadingSchema>;

/**
 * A numbered module reading (f0…f99 live, e0…e99 provisioning), which the sense configuration
 * labels. Sense data also keeps the module's states (available, floor, faults, sensorFailures)
 * under their own names; the lift page shows those in its status and alert panels instead.
 */
export const isNumberedSenseField = (key: string): boolean => /^[fe]\d{1,2}$/.test(key);

/** GET /liftwacht/lift/{id}/sense-data: the latest reading per field, in key order (f2 before f10). */
export const senseDataResponseSchema = dataOf(
  z.object({
    liftId: z.number().int(),
    /** The lift's module; null when none is fitted (then items is empty). */
    esNumber: z.string().nullable(),
    items: z.array(senseReadingSchema),
  }),
);
export type SenseDataResponse = z.infer<typeof senseDataResponseSchema>;
