// Builds the Liftwacht server. Every plugin and module is listed here, in order, so the whole
// server is visible in one file.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { organisationsRoutes } from './modules/organisations/organisations.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { corePlugin } from './plugins/core.ts';
import { errorsPlugin } from './plugins/errors.ts';
import type { Mailer } from './plugins/mail.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  /** Built web app to serve at /; omitted in API tests. */
  webDistDir?: string;
  logger?: boolean;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Spread the lifetime of a slow client's open connection over shutdown's grace period.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting plugins
  await app.register(errorsPlugin);
  await app.register(corePlugin, deps);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(accessPlugin);

  // Feature modules under /liftwacht
  await app.register(
    (api) => {
      systemRoutes(api);
      authRoutes(api);
      organisationsRoutes(api);
      dashboardRoutes(api);
      return Promise.resolve();
    },
    { prefix: '/liftwacht' },
  );

  // The web app last: its catch-all must not shadow API routes.
  if (deps.webDistDir) await app.register(webPlugin, { distDir: deps.webDistDir });

  return app;
}
