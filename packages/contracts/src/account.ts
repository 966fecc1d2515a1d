// The signed-in user's own account (the profile dialog) and the first run without the demo.
// Apart from auth.ts, so the login page, which loads auth.ts, does not carry these schemas.
import { z } from 'zod';
import { localeSchema, passwordMaxLength, passwordMinLength } from './auth.ts';
import { safeLineSchema } from './common.ts';

// ── self-service (the profile dialog) ────────────────────────────────────────────────────────────

/** PATCH /liftwacht/user: the signed-in user's own name, email and language. */
export const updateProfileSchema = z.strictObject({
  name: safeLineSchema(200).trim().min(1).optional(),
  email: z.email().max(320).optional(),
  locale: localeSchema.optional(),
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/**
 * POST /liftwacht/user/password: a new password, with the current one (400 `wrong_password` on
 * the field currentPassword). Every other session of the user ends, its sockets too.
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: safeLineSchema(passwordMaxLength).min(passwordMinLength),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

// ── first run (SEED_DEMO=false on an empty database) ───────────────────────────────────────────────

/**
 * POST /liftwacht/setup: creates the platform administrator (role system-admin) and its
 * organisation, with the one-time setup token the server logged at start. 404 once any user exists
 * (the setup is gone for good); 400 `setup_token_invalid` for a wrong token.
 */
export const setupRequestSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a setup token'),
  organisationName: safeLineSchema(200).trim().min(1),
  username: safeLineSchema(100)
    .trim()
    .min(3)
    .regex(/^[\p{L}\p{N}._@-]+$/u, 'letters, digits and . _ @ - only'),
  name: safeLineSchema(200).trim().min(1),
  email: z.email().max(320),
  password: safeLineSchema(passwordMaxLength).min(passwordMinLength),
  locale: localeSchema,
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;
