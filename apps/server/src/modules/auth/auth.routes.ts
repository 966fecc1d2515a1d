// HTTP for login, logout, the profile and its self-service, password reset (spec §7) and the
// first-run setup.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  userResponseSchema,
  setupStatusResponseSchema,
} from '@liftwacht/contracts/auth';
import { changePasswordSchema, setupRequestSchema, updateProfileSchema } from '@liftwacht/contracts/account';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AuditChange } from '../../plugins/audit.ts';
import { principalOf, sessionUserOf } from '../../plugins/auth.ts';
import { AuthRepository } from './auth.repository.ts';
import { AuthService } from './auth.service.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { ProfileService } from './profile.service.ts';
import { SetupRepository } from './setup.repository.ts';
import type { AuditWriter } from './accounts.ts';
import { SetupService } from './setup.service.ts';

const bearer = [{ bearerAuth: [] }];

export function authRoutes(app: FastifyInstance): void {
  const repository = new AuthRepository(app.db);
  const auth = new AuthService(
    repository,
    app.sessions,
    app.tokens,
    app.clock,
    app.config,
    app.rateLimits,
    app.sessionEnds,
  );
  const reset = new PasswordResetService(
    repository,
    app.sessions,
    app.mailer,
    app.clock,
    app.config,
    app.rateLimits,
    app.sessionEnds,
  );
  const profile = new ProfileService(repository, app.clock, app.config, app.rateLimits, app.sessionEnds);
  const setup = new SetupService(repository, new SetupRepository(app.db), app.clock, app.config, app.rateLimits);
  const auditFor =
    (request: FastifyRequest): AuditWriter =>
    (db: Db, change: AuditChange) =>
      app.audit.record(db, request, change);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with username and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => ({ data: await auth.login(request.body, request.ip) }),
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        security: bearer,
        response: { 200: okResponseSchema },
      },
      ...app.guard('authenticated'),
    },
    async (request) => {
      await auth.logout(principalOf(request));
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userResponseSchema },
      },
      ...app.guard('authenticated'),
    },
    (request) => ({ data: auth.profile(sessionUserOf(request)) }),
  );

  r.patch(
    '/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s own name, email or language',
        security: bearer,
        body: updateProfileSchema,
        response: { 200: userResponseSchema },
      },
      ...app.guard('authenticated'),
    },
    async (request) => ({ data: await profile.update(principalOf(request), request.body, auditFor(request)) }),
  );

  r.post(
    '/user/password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Change the signed-in user’s password (400 wrong_password when the current one is wrong); every other session of the user ends',
        security: bearer,
        body: changePasswordSchema,
        response: { 200: okResponseSchema },
      },
      ...app.guard('authenticated'),
    },
    async (request) => {
      await profile.changePassword(principalOf(request), request.body, auditFor(request));
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether the first administrator still has to be created (first run without the demo)',
        response: { 200: setupStatusResponseSchema },
      },
    },
    async () => ({ data: { required: await setup.required() } }),
  );

  r.post(
    '/setup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create the platform organisation and its first administrator with the setup token from the server log (404 once any user exists)',
        body: setupRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await setup.complete(request.body, request.ip, auditFor(request));
      return { data: { ok: true as const } };
    },
  );

  r.post(
    '/password-reset/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the address is known)',
        body: passwordResetRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await reset.admitRequest(request.ip);
      // Answer first: lookup and mail happen afterwards, so the response time says nothing.
      const { email } = request.body;
      app.tasks.run('password-reset-request', () => reset.request(email));
      return { data: { ok: true as const } };
    },
  );

  r.post(
    '/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: passwordResetSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await reset.reset(request.body.token, request.body.password, request.ip, auditFor(request));
      return { data: { ok: true as const } };
    },
  );
}
