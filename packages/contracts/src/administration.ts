// Administration ("Beheer", DESIGN §3 and §7): organisations and the access grants between them,
// the people of an organisation and their roles, and the audit log of every change. Who may do what
// is in permissions.ts: organisations.manage (system-admin), users.manage (admin of its own
// organisation, system-admin of every one), audit.view.
//
// Every change answers the changed object. Editable objects carry `version`; an edit sends the
// version it started from and answers 409 `conflict` with the current object when somebody else
// changed it meanwhile (the body is then `{ error: {...}, current }`).
import { z } from 'zod';
import { localeSchema, roleNameSchema } from './auth.ts';
import {
  dataOf,
  idNumberSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  listOf,
  pageLimitSchema,
  pageOffsetSchema,
  refinePeriod,
  safeLineSchema,
} from './common.ts';
import { organisationTypeSchema } from './organisations.ts';

const sortDirectionSchema = z.enum(['asc', 'desc']);
const searchSchema = safeLineSchema(200).trim().optional();
const versionSchema = z.number().int().positive().max(2_147_483_647);

// ── organisations ──────────────────────────────────────────────────────────────────────────────

export const organisationNameSchema = safeLineSchema(200).trim().min(1);

export const adminOrganisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organisationTypeSchema,
  /** Users of the organisation, disabled ones included. */
  userCount: z.number().int(),
  /** Organisations this one may access (a maintenance or inspection company's clients). */
  accessibleOrganisationIds: z.array(z.number().int()),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: z.number().int(),
});
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

export const adminOrganisationSortFields = ['name', 'type', 'createdAt'] as const;

/** GET /liftwacht/admin/organisations (system-admin: every organisation; admin: its own). */
export const adminOrganisationListQuerySchema = z.object({
  search: searchSchema,
  type: organisationTypeSchema.optional(),
  sort: z.enum(adminOrganisationSortFields).default('name'),
  direction: sortDirectionSchema.default('asc'),
  limit: pageLimitSchema(50),
  offset: pageOffsetSchema,
});
export type AdminOrganisationListQuery = z.infer<typeof adminOrganisationListQuerySchema>;
export const adminOrganisationListResponseSchema = listOf(adminOrganisationSchema);
export const adminOrganisationResponseSchema = dataOf(adminOrganisationSchema);

/** POST /liftwacht/admin/organisations (system-admin). */
export const createOrganisationSchema = z.strictObject({
  name: organisationNameSchema,
  type: organisationTypeSchema,
});
export type CreateOrganisation = z.infer<typeof createOrganisationSchema>;

/** PATCH /liftwacht/admin/organisations/{id} (system-admin): rename and/or change the type. */
export const updateOrganisationSchema = z.strictObject({
  name: organisationNameSchema.optional(),
  type: organisationTypeSchema.optional(),
  version: versionSchema,
});
export type UpdateOrganisation = z.infer<typeof updateOrganisationSchema>;

// ── access grants ──────────────────────────────────────────────────────────────────────────────

/** Users of organisationId may pick and read accessibleOrganisationId (DESIGN §3 organisation_access). */
export const accessGrantSchema = z.object({
  organisationId: z.number().int(),
  organisationName: z.string(),
  organisationType: organisationTypeSchema,
  accessibleOrganisationId: z.number().int(),
  accessibleOrganisationName: z.string(),
  accessibleOrganisationType: organisationTypeSchema,
  createdAt: isoDateTimeSchema,
});
export type AccessGrant = z.infer<typeof accessGrantSchema>;

/** GET /liftwacht/admin/access-grants: grants from or to organisationId (every grant when absent). */
export const accessGrantListQuerySchema = z.object({
  organisationId: idSchema.optional(),
  search: searchSchema,
  limit: pageLimitSchema(50),
  offset: pageOffsetSchema,
});
export type AccessGrantListQuery = z.infer<typeof accessGrantListQuerySchema>;
export const accessGrantListResponseSchema = listOf(accessGrantSchema);

/**
 * POST /liftwacht/admin/access-grants (system-admin): a maintenance or inspection company
 * (organisationId) serves another organisation. 409 when the grant exists; 400 for a grant to
 * itself or from an organisation that is not a maintenance or inspection company.
 */
export const createAccessGrantSchema = z.strictObject({
  organisationId: idNumberSchema,
  accessibleOrganisationId: idNumberSchema,
});
export type CreateAccessGrant = z.infer<typeof createAccessGrantSchema>;
export const accessGrantResponseSchema = dataOf(accessGrantSchema);

/**
 * DELETE /liftwacht/admin/access-grants/{organisationId}/{accessibleOrganisationId} (system-admin):
 * takes effect at once — the next request of the company's users and their open sockets lose it.
 * Answers the revoked grant (accessGrantResponseSchema); 404 when there is no such grant.
 */
export const accessGrantParamsSchema = z.object({
  organisationId: idSchema,
  accessibleOrganisationId: idSchema,
});

// ── people ─────────────────────────────────────────────────────────────────────────────────────

export const usernameSchema = safeLineSchema(100)
  .trim()
  .min(3)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'letters, digits and . _ @ - only');
export const personNameSchema = safeLineSchema(200).trim().min(1);
export const emailSchema = z.email().max(320);

export const userStatuses = ['active', 'invited', 'disabled'] as const;
/** invited: the invitation is open (no password set yet); disabled: cannot log in. */
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  roles: z.array(roleNameSchema),
  locale: localeSchema,
  status: userStatusSchema,
  /** Until when the open invitation's link works; null when none is open. */
  invitationExpiresAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserSortFields = ['username', 'name', 'email', 'organisation', 'createdAt'] as const;

/** GET /liftwacht/admin/users: admin sees its own organisation's people, system-admin everyone's. */
export const adminUserListQuerySchema = z.object({
  organisationId: idSchema.optional(),
  search: searchSchema,
  role: roleNameSchema.optional(),
  status: userStatusSchema.optional(),
  sort: z.enum(adminUserSortFields).default('username'),
  direction: sortDirectionSchema.default('asc'),
  limit: pageLimitSchema(50),
  offset: pageOffsetSchema,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
export const adminUserListResponseSchema = listOf(adminUserSchema);
export const adminUserResponseSchema = dataOf(adminUserSchema);

const rolesSchema = z
  .array(roleNameSchema)
  .min(1, 'give the user at least one role')
  .max(5)
  .refine((roles) => new Set(roles).size === roles.length, 'a role is listed twice');

/**
 * POST /liftwacht/admin/users: invites a person. The user exists at once (status invited) and gets
 * a mail in their language with a single-use link to set a password, valid 7 days. 409 when the
 * username is taken; 403 for a role stronger than the inviter's own.
 */
export const inviteUserSchema = z.strictObject({
  username: usernameSchema,
  name: personNameSchema,
  email: emailSchema,
  organisationId: idNumberSchema,
  roles: rolesSchema,
  locale: localeSchema,
});
export type InviteUser = z.infer<typeof inviteUserSchema>;

/**
 * PATCH /liftwacht/admin/users/{id}: roles, name, email, language. 403 for a role stronger than the
 * editor's own, for a person holding one, and for taking away one's own admin or system-admin role;
 * 409 `last_admin` when it would leave the organisation without an active administrator.
 */
export const updateUserSchema = z.strictObject({
  name: personNameSchema.optional(),
  email: emailSchema.optional(),
  locale: localeSchema.optional(),
  roles: rolesSchema.optional(),
  version: versionSchema,
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/**
 * POST /liftwacht/admin/users/{id}/disable and /enable. Disabling ends the user's sessions and
 * sockets at once; login then answers as for a wrong password. Nobody disables themselves (403), and
 * the last active administrator of an organisation cannot be disabled (409 `last_admin`). Disabling
 * a disabled user (enabling an enabled one) answers it unchanged.
 * POST /liftwacht/admin/users/{id}/invitation sends a fresh invitation (the old link stops working);
 * 409 unless the user is still invited.
 */
export const userVersionSchema = z.strictObject({ version: versionSchema });
export type UserVersion = z.infer<typeof userVersionSchema>;

// ── audit log ──────────────────────────────────────────────────────────────────────────────────

export const auditActions = [
  'setup.completed',
  'organisation.created',
  'organisation.updated',
  'access.granted',
  'access.revoked',
  'user.invited',
  /** A user created with a password (the admin command line), not invited by mail. */
  'user.created',
  'user.invitation_resent',
  'user.updated',
  'user.disabled',
  'user.enabled',
  'user.profile_updated',
  'user.password_changed',
  'user.password_set',
  // Fleet onboarding (issue 17): the lift form and spreadsheet imports; before/after hold the
  // changed lift fields only (`lift.created`: every field).
  'lift.created',
  'lift.updated',
  'lift.decommissioned',
  'lift.recommissioned',
  // Field work (issue 18): a recorded inspection (its certificate as name and size, not bytes), a
  // logbook line written and corrected (before/after the line).
  'inspection.recorded',
  /** An inspection taken from a spreadsheet import (its `importId` in after). */
  'inspection.imported',
  'logbook.created',
  'logbook.corrected',
  /** A spreadsheet import applied: its file and counts (each lift has its own entry as well). */
  'lift_import.applied',
  // Sense modules (issue 17); never the key itself.
  'module.registered',
  'module.linked',
  'module.moved',
  'module.unlinked',
  'module.key_rotated',
  // Field work (issue 18): visits recorded on the lift page; before/after hold the visit.
  'visit.started',
  'visit.finished',
  'visit.canceled',
  /** A maintenance visit taken from a spreadsheet import (its `importId` in after). */
  'visit.imported',
  // Alarm handling (issue 19): each action a person takes on a call; before/after hold the call.
  'call.acknowledged',
  'call.assigned',
  'call.note_added',
  'call.passenger_freed',
  'call.ended',
  // Webhooks (issue 19): endpoints registered, changed, removed, their secret renewed (never the
  // secret itself), a test sent, a delivery sent again.
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.tested',
  'webhook.delivery_resent',
  /** The organisation's escalation limits (issue 19); before/after hold both limits. */
  'organisation.escalation_updated',
  /** Module reading names (issue 41): before/after hold the key and its own names and unit. */
  'organisation.sense_label_updated',
  'organisation.sense_label_reset',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * What an entry is about, resolved from its subject type and id so the log reads in names rather
 * than "visit 2": null when the subject no longer exists (or has no table of its own).
 */
export const auditSubjectSchema = z.object({
  /**
   * The subject's own name: a lift's, a person's, an organisation's, an import's file name, a
   * module's number, a webhook's address, "owner → served" for an access grant; null for subjects
   * named by their lift, kind and time (a visit, a call, an inspection, a logbook line).
   */
  name: z.string().nullable(),
  /** The lift the subject is, or belongs to, with its address. */
  lift: z.object({ id: z.number().int(), name: z.string(), address: z.string() }).nullable(),
  /** A visit's type, a logbook line's type, an inspection's result, a call's kind. */
  kind: z.string().nullable(),
  /** When it happened: a visit's or a call's start, an inspection's day, a logbook line's time. */
  at: z.string().nullable(),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  /** Who; null for the server itself (first-run setup, the admin command line). */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  organisationId: z.number().int().nullable(),
  organisationName: z.string().nullable(),
  ip: z.string().nullable(),
  action: auditActionSchema,
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  subject: auditSubjectSchema.nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * GET /liftwacht/admin/audit-log, newest first: admin reads its own organisation's entries,
 * system-admin every organisation's (organisationId narrows it). from/to are local days.
 */
export const auditLogQuerySchema = z
  .object({
    organisationId: idSchema.optional(),
    action: auditActionSchema.optional(),
    userId: idSchema.optional(),
    subjectType: safeLineSchema(40).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    limit: pageLimitSchema(50),
    offset: pageOffsetSchema,
  })
  .superRefine(refinePeriod);
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export const auditLogResponseSchema = listOf(auditEntrySchema);
