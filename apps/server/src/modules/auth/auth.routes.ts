// HTTP for login, logout, profile and password reset (spec §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  userResponseSchema,
} from '@liftwacht/contracts/auth';
import { principalOf } from '../../plugins/auth.ts';
import { AuthRepository } from './auth.repository.ts';
import { AuthService } from './auth.service.ts';
import { PasswordResetService } from './password-reset.service.ts';

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
    async (request) => ({ data: await auth.profile(principalOf(request)) }),
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
      await reset.reset(request.body.token, request.body.password, request.ip);
      return { data: { ok: true as const } };
    },
  );
}
