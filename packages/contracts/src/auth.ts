// Login, logout, the signed-in user's profile and password reset (spec §7, DESIGN §5).
import { z } from 'zod';
import { dataOf, safeLineSchema } from './common.ts';
import { organisationTypeSchema } from './organisations.ts';

/**
 * system-admin: staff of the company that runs Liftwacht (every organisation, creates
 * organisations and access grants); admin: the people of its own organisation; user; client-light
 * (reads); monteur (mechanic, the lift pages it is sent to).
 */
export const roleNames = ['system-admin', 'admin', 'user', 'client-light', 'monteur'] as const;
export const roleNameSchema = z.enum(roleNames);
export type RoleName = z.infer<typeof roleNameSchema>;

export const locales = ['nl', 'en-GB', 'en-US'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;

export const loginRequestSchema = z.object({
  username: safeLineSchema(200).trim().min(1),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = dataOf(
  z.object({
    accessToken: z.string(),
    /** Seconds until the access token expires. */
    expiresIn: z.number().int(),
  }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  organisation_id: z.number().int(),
  /** With the roles, what the permission table grants (an inspection company's users record inspections). */
  organisation_type: organisationTypeSchema,
  locale: localeSchema,
  roles: z.array(z.object({ name: roleNameSchema })),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = dataOf(userSchema);

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

export const passwordResetRequestSchema = z.object({
  email: z.email().max(320),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetSchema = z.object({
  /** The base64url token from the mailed link. */
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a reset token'),
  /** No control characters: a password nobody can type again is no password. */
  password: safeLineSchema(passwordMaxLength).min(passwordMinLength),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const okResponseSchema = dataOf(z.object({ ok: z.literal(true) }));

/** GET /liftwacht/setup: whether the first administrator still has to be created. */
export const setupStatusResponseSchema = dataOf(z.object({ required: z.boolean() }));
