// Administration (DESIGN §7) under /liftwacht/admin: organisations and access grants, people and
// their roles, the audit log. Builds the services once and hands them to each group of routes.
import type { FastifyInstance } from 'fastify';
import { AccessGrantsRepository } from './access-grants.repository.ts';
import { accessGrantsRoutes } from './access-grants.routes.ts';
import { AccessGrantsService } from './access-grants.service.ts';
import { AdminOrganisationsRepository } from './admin-organisations.repository.ts';
import { adminOrganisationsRoutes } from './admin-organisations.routes.ts';
import { AdminOrganisationsService } from './admin-organisations.service.ts';
import { AdminUsersRepository } from './admin-users.repository.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { AdminUsersService } from './admin-users.service.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { auditLogRoutes } from './audit-log.routes.ts';
import { AuditLogService } from './audit-log.service.ts';
import { InvitationTokensRepository } from './invitation-tokens.repository.ts';
import { Invitations } from './invitations.ts';

export function administrationRoutes(app: FastifyInstance): void {
  const log = app.log.child({ module: 'administration' });
  adminOrganisationsRoutes(
    app,
    new AdminOrganisationsService(new AdminOrganisationsRepository(app.db), app.audit, app.clock),
  );
  accessGrantsRoutes(
    app,
    new AccessGrantsService(new AccessGrantsRepository(app.db), app.audit, app.clock, app.sessionEnds),
  );
  adminUsersRoutes(
    app,
    new AdminUsersService(
      new AdminUsersRepository(app.db),
      new Invitations(new InvitationTokensRepository(), app.config.publicUrl),
      app.audit,
      app.clock,
      app.mailer,
      app.sessionEnds,
      app.sessions,
      log,
    ),
  );
  auditLogRoutes(app, new AuditLogService(new AuditLogRepository(app.db)));
}
