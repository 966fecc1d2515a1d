// Sense modules (issue 17, DESIGN §3 modules and module_links, §6 ingest): register a module by its
// ES number, fit it in a lift, move it to another lift or take it out, rotate its ingest key, and
// claim modules that send messages nobody registered. `modules.manage`: administrators (a
// maintenance company's admin for the lifts of the organisations it serves) and system-admin.
//
// Scope: a module is visible when the organisation that registered it, or the organisation of the
// lift it is fitted in, is in the caller's scope; otherwise 404. A lift outside the scope is 404.
//
// History: readings, events and counters are stored against the lift at the moment they arrive, so
// a move never rewrites the past; `links` lists every lift the module was in with the dates. The
// module key (`{es}.{secret}` for the x-module-key header of POST /ingest) is shown once, in the
// answer of a registration or a rotation; afterwards only that a key exists and when it was made.
// Changes carry `version`; a stale one answers 409 `conflict` with the current module.
import { z } from 'zod';
import {
  dataOf,
  idNumberSchema,
  idSchema,
  isoDateTimeSchema,
  listOf,
  pageLimitSchema,
  pageOffsetSchema,
  safeLineSchema,
} from './common.ts';

/** An ES number as modules report it: letters, digits, dash, underscore (it is an MQTT topic level). */
export const esNumberSchema = safeLineSchema(64)
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be letters, digits, - or _ (it is part of the MQTT topic)');

const versionSchema = z.number().int().positive().max(2_147_483_647);

export const moduleLiftSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  name: z.string(),
  address: z.string(),
});

export const moduleLinkSchema = z.object({
  lift: moduleLiftSchema,
  linkedAt: isoDateTimeSchema,
  /** null while the module is still in this lift. */
  unlinkedAt: isoDateTimeSchema.nullable(),
});
export type ModuleLink = z.infer<typeof moduleLinkSchema>;

export const senseModuleSchema = z.object({
  id: z.number().int(),
  esNumber: z.string(),
  /** The organisation that registered it. */
  organisationId: z.number().int().nullable(),
  /** The lift it is fitted in now; null when in none. */
  lift: moduleLiftSchema.nullable(),
  firmware: z.string().nullable(),
  lastSeenAt: isoDateTimeSchema.nullable(),
  connected: z.boolean(),
  /** Whether an ingest key exists, and when it was made (never the key itself). */
  hasKey: z.boolean(),
  keyCreatedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  version: z.number().int(),
});
export type SenseModule = z.infer<typeof senseModuleSchema>;

/** One module with its history: every link, and the last provisioning (config) message. */
export const senseModuleDetailSchema = senseModuleSchema.extend({
  links: z.array(moduleLinkSchema),
  lastProvisioning: z.record(z.string(), z.unknown()).nullable(),
  lastProvisioningAt: isoDateTimeSchema.nullable(),
});
export type SenseModuleDetail = z.infer<typeof senseModuleDetailSchema>;

export const moduleSortFields = ['esNumber', 'lastSeenAt', 'createdAt'] as const;

/** GET /liftwacht/admin/modules */
export const moduleListQuerySchema = z.object({
  /** Matches the ES number, the lift's name and address. */
  search: safeLineSchema(200).trim().optional(),
  organisationId: idSchema.optional(),
  /** linked: fitted in a lift; unlinked: in none. */
  linked: z.enum(['linked', 'unlinked']).optional(),
  sort: z.enum(moduleSortFields).default('esNumber'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  limit: pageLimitSchema(50),
  offset: pageOffsetSchema,
});
export type ModuleListQuery = z.infer<typeof moduleListQuerySchema>;
export const moduleListResponseSchema = listOf(senseModuleSchema);
export const moduleResponseSchema = dataOf(senseModuleDetailSchema);

/**
 * POST /liftwacht/admin/modules: register a module (201). 409 `conflict` when the ES number is
 * registered already. Registering an ES number from the unregistered list claims it.
 */
export const registerModuleSchema = z.strictObject({
  esNumber: esNumberSchema,
  /** The organisation that registers it (own one by default). */
  organisationId: idNumberSchema.optional(),
  /** Fit it in this lift at once (a lift without a module). */
  liftId: idNumberSchema.nullish(),
  firmware: safeLineSchema(64).trim().nullish(),
});
export type RegisterModule = z.infer<typeof registerModuleSchema>;

/** The answer of a registration or a rotation: the module and its key, shown this once. */
export const moduleWithKeySchema = z.object({ module: senseModuleDetailSchema, key: z.string() });
export const moduleWithKeyResponseSchema = dataOf(moduleWithKeySchema);
export type ModuleWithKey = z.infer<typeof moduleWithKeySchema>;

/**
 * POST /liftwacht/admin/modules/{id}/link: fit the module in liftId (a move when it is in another
 * lift now), or take it out (liftId null). The old link ends and the new one starts at the same
 * moment. 409 `conflict` when the lift already holds another module or the version is stale.
 */
export const linkModuleSchema = z.strictObject({
  liftId: idNumberSchema.nullable(),
  version: versionSchema,
});
export type LinkModule = z.infer<typeof linkModuleSchema>;

/** POST /liftwacht/admin/modules/{id}/key: a new key; the old one stops working at once. */
export const rotateModuleKeySchema = z.strictObject({ version: versionSchema });
export type RotateModuleKey = z.infer<typeof rotateModuleKeySchema>;

export const unregisteredModuleSchema = z.object({
  esNumber: z.string(),
  firstSeenAt: isoDateTimeSchema,
  lastSeenAt: isoDateTimeSchema,
  /** Messages refused because nobody registered the ES number. */
  messages: z.number().int(),
  /** module, provisioning (MQTT) or batch (POST /ingest). */
  lastKind: z.string().nullable(),
});
export type UnregisteredModule = z.infer<typeof unregisteredModuleSchema>;

/** GET /liftwacht/admin/unregistered-modules (most recently heard first). */
export const unregisteredModuleListQuerySchema = z.object({
  search: safeLineSchema(64).trim().optional(),
  limit: pageLimitSchema(50),
  offset: pageOffsetSchema,
});
export type UnregisteredModuleListQuery = z.infer<typeof unregisteredModuleListQuerySchema>;
export const unregisteredModuleListResponseSchema = listOf(unregisteredModuleSchema);
