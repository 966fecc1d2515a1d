// What `npm run admin -- <command>` does, against the configured database: create a user (the first
// administrator, or anyone when the web is out of reach), set a forgotten password, issue a new
// setup token. admin-cli.ts reads the command line and the password; these functions do the work,
// audited as the server itself (no user), so tests call them directly.
import {
  type Locale,
  localeSchema,
  passwordMaxLength,
  passwordMinLength,
  type RoleName,
  roleNameSchema,
} from '@liftwacht/contracts/auth';
import { emailSchema, personNameSchema, usernameSchema } from '@liftwacht/contracts/administration';
import { safeLineSchema } from '@liftwacht/contracts/common';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { normaliseIdentifier } from '../../lib/identifiers.ts';
import { AuditRepository } from '../../plugins/audit.repository.ts';
import type { AuditChange } from '../../plugins/audit.ts';
import { auditedUser, platformOrganisationType } from './accounts.ts';
import { AuthRepository, type OrganisationRow } from './auth.repository.ts';
import { hashPassword } from './password.ts';
import { SetupRepository } from './setup.repository.ts';
import { generateSetupToken, hashSetupToken } from './setup.service.ts';

/** Bad input or a state the command cannot work in; the message says what to do. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export interface CreateUserInput {
  username: string | undefined;
  name: string | undefined;
  email: string | undefined;
  /** The organisation by name, created as the platform organisation when absent; omitted: the platform organisation. */
  organisation?: string | undefined;
  role?: string | undefined;
  locale?: string | undefined;
}

export interface CreateUserResult {
  userId: number;
  username: string;
  role: RoleName;
  organisation: OrganisationRow;
  organisationCreated: boolean;
  /** The first user of the database: the first run is done, the setup token gone. */
  firstUser: boolean;
}

export interface SetPasswordResult {
  userId: number;
  username: string;
  /** Sessions that were live and have ended. */
  sessionsEnded: number;
  disabled: boolean;
}

const passwordSchema = safeLineSchema(passwordMaxLength).min(passwordMinLength);

function valid<T>(schema: z.ZodType<T>, value: unknown, option: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new CommandError(`${option}: ${value === undefined ? 'is required' : (issue?.message ?? 'is not valid')}`);
}

/** Every change of the command line is the server's own (no user, no address). */
function auditAsServer(db: Db, change: AuditChange, now: Date): Promise<void> {
  return new AuditRepository().append(db, { ...change, userId: null, ip: null }, now);
}

export async function createUser(
  db: Db,
  input: CreateUserInput,
  password: string,
  now: Date,
): Promise<CreateUserResult> {
  const typed = valid(usernameSchema, input.username, '--username');
  // Stored in its one spelling, so the login lookup and every throttle key compare equal values.
  const username = normaliseIdentifier(typed);
  const name = valid(personNameSchema, input.name, '--name');
  const email = valid(emailSchema, input.email, '--email');
  const role = valid(roleNameSchema, input.role ?? 'system-admin', '--role');
  const locale: Locale = valid(localeSchema, input.locale ?? 'nl', '--locale');
  const organisationName =
    input.organisation === undefined ? undefined : valid(personNameSchema, input.organisation, '--organisation');
  valid(passwordSchema, password, 'password');
  const passwordHash = await hashPassword(password);

  const repository = new AuthRepository(db);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (await repository.findUserByUsername(username, t)) {
      throw new CommandError(`--username: ${typed} is taken`);
    }
    if (await repository.usernameLookAlikeTaken(t, username)) {
      throw new CommandError(`--username: ${typed} looks too much like an existing username`);
    }
    if (await repository.emailTaken(t, email)) {
      throw new CommandError(`--email: ${email} belongs to another user`);
    }
    const firstUser = !(await repository.anyUserExists(t));
    let organisation = organisationName
      ? await repository.findOrganisationByName(t, organisationName)
      : await repository.platformOrganisation(t);
    let organisationCreated = false;
    if (!organisation) {
      if (!organisationName) {
        throw new CommandError(
          '--organisation: no system administrator exists yet, so there is no platform organisation; name the organisation',
        );
      }
      organisation = await repository.insertOrganisation(t, organisationName, platformOrganisationType, now);
      organisationCreated = true;
      await auditAsServer(
        t,
        {
          organisationId: organisation.id,
          action: 'organisation.created',
          subjectType: 'organisation',
          subjectId: organisation.id,
          before: null,
          after: { ...organisation, via: 'command line' },
        },
        now,
      );
    }
    const user = await repository.insertUser(
      t,
      { username, name, email, locale, organisationId: organisation.id, passwordHash },
      role,
      now,
    );
    // The audit log has no "created" action: the first user completes the first run, like the
    // setup page; any later one joins as an invited user would, but active at once.
    await auditAsServer(
      t,
      {
        organisationId: organisation.id,
        action: firstUser ? 'setup.completed' : 'user.created',
        subjectType: 'user',
        subjectId: user.id,
        before: null,
        after: { ...(firstUser ? { organisation } : {}), user: auditedUser(user, [role]), via: 'command line' },
      },
      now,
    );
    if (firstUser) await new SetupRepository(t).dropToken(t);
    return { userId: user.id, username, role, organisation, organisationCreated, firstUser };
  });
}

/** Sets the user's password and ends every session it has (sockets close within the sweep). */
export async function setPassword(
  db: Db,
  usernameInput: string | undefined,
  password: string,
  now: Date,
): Promise<SetPasswordResult> {
  const username = valid(safeLineSchema(100).trim().min(1), usernameInput, '--username');
  valid(passwordSchema, password, 'password');
  const repository = new AuthRepository(db);
  const user = await repository.findUserByUsername(username);
  if (!user) throw new CommandError(`--username: no user ${username}`);
  const passwordHash = await hashPassword(password);
  const sessionsEnded = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repository.setPasswordHash(t, user.id, passwordHash, now);
    await repository.retireResetTokens(t, user.id, now);
    const ended = await repository.revokeSessions(t, user.id, now);
    await auditAsServer(
      t,
      {
        organisationId: user.organisationId,
        action: 'user.password_set',
        subjectType: 'user',
        subjectId: user.id,
        before: null,
        after: { sessionsEnded: ended.length, via: 'command line' },
      },
      now,
    );
    return ended.length;
  });
  return { userId: user.id, username: user.username, sessionsEnded, disabled: user.disabled };
}

/** A new one-time setup token (the old one stops working); only while no user exists. */
export async function issueSetupToken(db: Db, now: Date): Promise<string> {
  if (await new AuthRepository(db).anyUserExists()) {
    throw new CommandError('setup is done: users exist. Use create-user or set-password instead');
  }
  const token = generateSetupToken();
  await new SetupRepository(db).replaceToken(hashSetupToken(token), {
    at: now.toISOString(),
    by: 'the admin command line',
  });
  return token;
}
