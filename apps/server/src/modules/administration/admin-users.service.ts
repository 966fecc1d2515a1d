// The people of an organisation: invite, edit, disable and enable. Each change is one transaction
// that takes the organisation's administrator row locks, then the person's, checks the rules, makes
// the change and appends its audit entry; what must follow the commit (the invitation mail, closing
// the person's sockets) runs after it.
import type {
  AdminUser,
  AdminUserListQuery,
  AuditAction,
  InviteUser,
  UpdateUser,
} from '@liftwacht/contracts/administration';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionsRepository } from '../../plugins/auth-sessions.repository.ts';
import type { SessionEnds } from '../../lib/session-ends.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Mail, Mailer } from '../../plugins/mail.ts';
import { normaliseIdentifier } from '../../lib/identifiers.ts';
import { identifierTaken, violatedIdentifier } from '../../lib/identifiers-sql.ts';
import { administers, listScope, type AdminPrincipal } from './admin-scope.ts';
import type { AdminUsersRepository, LockedUser } from './admin-users.repository.ts';
import type { Invitations } from './invitations.ts';
import { assertMayGrant, assertNotSelf, assertNotStronger } from './user-rules.ts';

const lastAdmin = (current: AdminUser) =>
  new AppError(
    409,
    'last_admin',
    'This is the last active administrator of the organisation; make someone else administrator first',
    undefined,
    undefined,
    { current },
  );

/** What an email change did to the person's links, in its audit entry. */
interface RetiredLinks {
  retiredLinks: number;
  invitationResent: boolean;
}

/** What a change decided inside its transaction, for what runs after the commit. */
interface Outcome {
  user: AdminUser;
  mail?: Mail;
  endSessions?: boolean;
}

export class AdminUsersService {
  constructor(
    private readonly repository: AdminUsersRepository,
    private readonly invitations: Invitations,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly sessionEnds: SessionEnds,
    private readonly sessions: Pick<SessionsRepository, 'revokeAllForUser'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(principal: AdminPrincipal, query: AdminUserListQuery) {
    const organisationIds = listScope(principal, query.organisationId);
    if (query.organisationId !== undefined && !(await this.repository.organisationExists(query.organisationId))) {
      throw notFound('Organisation');
    }
    return this.repository.list(
      { organisationIds, search: query.search, role: query.role, status: query.status },
      query,
    );
  }

  async get(principal: AdminPrincipal, id: number): Promise<AdminUser> {
    const user = await this.repository.find(id);
    if (!user || !administers(principal, user.organisationId)) throw notFound('User');
    return user;
  }

  async invite(request: FastifyRequest, principal: AdminPrincipal, invitee: InviteUser): Promise<AdminUser> {
    if (!administers(principal, invitee.organisationId)) throw notFound('Organisation');
    assertMayGrant(principal.roles, invitee.roles);
    const outcome = await this.inTransaction(async (db, now) => {
      if (!(await this.repository.organisationExists(invitee.organisationId, db))) throw notFound('Organisation');
      if (await this.repository.usernameTaken(db, invitee.username)) throw identifierTaken('username');
      if (await this.repository.usernameLookAlikeTaken(db, invitee.username)) throw identifierTaken('lookAlike');
      if (await this.repository.emailTaken(db, invitee.email)) throw identifierTaken('email');
      const { roles, ...person } = invitee;
      // Stored in its one spelling, so the login lookup and every throttle key compare equal values.
      const id = await this.repository.insert(db, { ...person, username: normaliseIdentifier(person.username) }, now);
      await this.repository.setRoles(db, id, roles);
      const token = await this.invitations.issue(db, id, now);
      const user = await this.found(db, id);
      await this.record(db, request, 'user.invited', null, user);
      return { user, mail: this.invitations.mail(user, token) };
    });
    return outcome.user;
  }

  async resendInvitation(request: FastifyRequest, principal: AdminPrincipal, id: number, version: number) {
    const outcome = await this.change(principal, id, version, async (db, now, target, before) => {
      if (target.status !== 'invited') {
        throw conflict('Only a person who has not accepted the invitation yet can get a new one', 'status', before);
      }
      const token = await this.invitations.issue(db, id, now);
      await this.repository.update(db, id, {}, now);
      const user = await this.found(db, id);
      await this.record(db, request, 'user.invitation_resent', before, user);
      return { user, mail: this.invitations.mail(user, token) };
    });
    return outcome.user;
  }

  async update(request: FastifyRequest, principal: AdminPrincipal, id: number, change: UpdateUser) {
    const outcome = await this.change(principal, id, change.version, async (db, now, target, before) => {
      const { roles } = change;
      const rolesChange = roles && !sameRoles(roles, target.roles) ? roles : undefined;
      if (rolesChange) {
        assertMayGrant(principal.roles, rolesChange);
        assertNotSelf(principal.userId, id, { roles: rolesChange, currentRoles: target.roles });
        if (target.roles.includes('admin') && !rolesChange.includes('admin')) {
          await this.assertNotLastAdmin(db, target, before);
        }
        await this.repository.setRoles(db, id, rolesChange);
      }
      if (change.email !== undefined && (await this.repository.emailTaken(db, change.email, id))) {
        throw identifierTaken('email');
      }
      await this.repository.update(db, id, { name: change.name, email: change.email, locale: change.locale }, now);
      let user = await this.found(db, id);
      let links: RetiredLinks | undefined;
      let mail: Mail | undefined;
      // Links follow the address: one mailed to the old (perhaps mistyped) address must not set the
      // password after the correction. A person still invited gets a new invitation at the new one.
      if (user.email !== before.email) {
        links = { retiredLinks: await this.invitations.retireAllLinks(db, id), invitationResent: false };
        if (target.status === 'invited') {
          const token = await this.invitations.issue(db, id, now);
          user = await this.found(db, id);
          mail = this.invitations.mail(user, token);
          links.invitationResent = true;
        }
      }
      await this.record(db, request, 'user.updated', before, links ? { ...user, ...links } : user);
      // Open sockets carry the old roles: they close, and the browser reconnects with the new ones.
      return { user, mail, endSessions: rolesChange !== undefined };
    });
    return outcome.user;
  }

  /** Disables the person: every session ends in the transaction, their sockets close after it. */
  async disable(request: FastifyRequest, principal: AdminPrincipal, id: number, version: number) {
    assertNotSelf(principal.userId, id, { disable: true, currentRoles: [] });
    const outcome = await this.change(principal, id, version, async (db, now, target, before) => {
      if (target.status === 'disabled') return { user: before };
      if (target.status === 'active' && target.roles.includes('admin')) {
        await this.assertNotLastAdmin(db, target, before);
      }
      await this.repository.update(db, id, { disabled: true }, now);
      await this.sessions.revokeAllForUser(id, now, db);
      // An open invitation dies with the account; enabling it again means sending a new one.
      await this.invitations.retire(db, id, now);
      const user = await this.found(db, id);
      await this.record(db, request, 'user.disabled', before, user);
      return { user, endSessions: true };
    });
    return outcome.user;
  }

  async enable(request: FastifyRequest, principal: AdminPrincipal, id: number, version: number) {
    const outcome = await this.change(principal, id, version, async (db, now, target, before) => {
      if (target.status !== 'disabled') return { user: before };
      await this.repository.update(db, id, { disabled: false }, now);
      const user = await this.found(db, id);
      await this.record(db, request, 'user.enabled', before, user);
      return { user };
    });
    return outcome.user;
  }

  /**
   * One change to an existing person: the administrator locks of the person's organisation, then
   * the person's own row; 404 outside the editor's scope, 403 for a stronger person, 409 with the
   * current object for a stale version. Disabling an already disabled person (or enabling an
   * enabled one) changes nothing and records nothing.
   */
  private async change(
    principal: AdminPrincipal,
    id: number,
    version: number,
    apply: (db: Db, now: Date, target: LockedUser, before: AdminUser) => Promise<Outcome>,
  ): Promise<Outcome> {
    return this.inTransaction(async (db, now) => {
      const organisationId = await this.repository.organisationOf(db, id);
      if (organisationId === undefined || !administers(principal, organisationId)) throw notFound('User');
      await this.repository.lockAdministrators(db, organisationId);
      const target = await this.repository.lock(db, id);
      if (!target) throw notFound('User');
      assertNotStronger(principal.roles, target.roles);
      const before = await this.found(db, id);
      if (target.version !== version) {
        throw conflict('Somebody else changed this person meanwhile', 'version', before);
      }
      return apply(db, now, target, before);
    });
  }

  private async assertNotLastAdmin(db: Db, target: LockedUser, before: AdminUser): Promise<void> {
    if ((await this.repository.otherActiveAdministrators(db, target.organisationId, target.id)) === 0) {
      throw lastAdmin(before);
    }
  }

  /** Runs the change in a transaction, then what follows its commit. */
  private async inTransaction(work: (db: Db, now: Date) => Promise<Outcome>): Promise<Outcome> {
    let outcome: Outcome;
    try {
      outcome = await this.repository.db.transaction((tx) => work(tx as unknown as Db, this.clock.now()));
    } catch (err) {
      // Two invitations of one username (or of two look-alikes, or one address) at once: the unique
      // index of the stored key refuses the second, with the answer the check would have given.
      const taken = violatedIdentifier(err);
      if (taken) throw identifierTaken(taken);
      throw err;
    }
    if (outcome.endSessions) this.sessionEnds.announce({ kind: 'user', userId: outcome.user.id });
    if (outcome.mail) {
      try {
        await this.mailer.send(outcome.mail);
      } catch (err) {
        // The person exists and the change stands; an administrator can send the invitation again.
        this.log.error({ err, userId: outcome.user.id }, 'the invitation mail could not be sent');
      }
    }
    return outcome;
  }

  private async found(db: Db, id: number): Promise<AdminUser> {
    const user = await this.repository.find(id, db);
    if (!user) throw notFound('User');
    return user;
  }

  private record(
    db: Db,
    request: FastifyRequest,
    action: AuditAction,
    before: AdminUser | null,
    after: AdminUser & Partial<RetiredLinks>,
  ) {
    return this.audit.record(db, request, {
      organisationId: after.organisationId,
      action,
      subjectType: 'user',
      subjectId: after.id,
      before,
      after,
    });
  }
}

function sameRoles(a: readonly RoleName[], b: readonly RoleName[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}
