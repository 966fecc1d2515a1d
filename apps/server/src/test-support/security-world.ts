// The world the security harness (authorization matrix, OpenAPI fuzz) runs in: the fixture users
// with a live token per role, one organisation's lift with an event, call, visit, logbook line and
// a module (with an ingest key), the same in a stranger organisation, ids that do not exist, and
// every kind of credential that must not work. The stranger's rows carry marker words, so any
// response that carries one has leaked another organisation's data.
import { and, eq, inArray } from 'drizzle-orm';
import type { RoleName } from '@liftwacht/contracts/auth';
import { organisationTypePermissions, rolePermissions, type OrganisationType } from '@liftwacht/contracts/permissions';
import {
  calls,
  events,
  lifts,
  logbook,
  modules,
  organisationAccess,
  organisations,
  roles,
  sessions,
  userRoles,
  users,
  visits,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.ts';
import { generateModuleKey } from '../lib/module-keys.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { generateWebhookSecret, secretSeal } from '../modules/webhooks/webhook-secrets.ts';
import { TokenSigner } from '../plugins/auth-tokens.ts';
import { fixturePassword } from './fixtures.ts';
import { createTestApp, decodeQuotedPrintable, type TestApp } from './test-app.ts';

/** The objects of one organisation that routes take by id or by organisation. */
export interface ScopeObjects {
  organisationId: number;
  liftId: number;
  eventId: number;
  visitId: number;
  callId: number;
  esNumber: string;
}

/** A credential that must be refused with 401, as the headers that carry it. */
export interface BadCredential {
  label: string;
  headers: Record<string, string>;
}

/** People of one organisation that the administration routes change. */
export interface AdminTargets {
  /** An active client-light user whom the harness renames, disables and enables at will. */
  userId: number;
  /** A user whose invitation is open, to send again. */
  invitedUserId: number;
}

/** What the administration routes need: people to change, a grant to make and revoke, versions. */
export interface AdministrationWorld {
  own: AdminTargets;
  foreign: AdminTargets;
  /** An inspection company without people, whose grant to the owner organisation comes and goes. */
  inspectionOrganisationId: number;
  userVersion(id: number): Promise<number>;
  organisationVersion(id: number): Promise<number>;
  /** Makes the inspection company's grant to the owner organisation exist, or not. */
  setGrant(present: boolean): Promise<void>;
  /** A username nobody has yet, for invitations. */
  newUsername(): string;
}

/** What the sense-module routes need: modules by id, a free lift, versions, fresh ES numbers. */
export interface SenseModulesWorld {
  /** The own lift's module, and the stranger lift's. */
  ownModuleId: number;
  foreignModuleId: number;
  /** A module of the owner organisation, fitted in `freeLiftId` or in none, whose key the harness rotates. */
  spareModuleId: number;
  /** A lift of the owner organisation that only the spare module is ever fitted in. */
  freeLiftId: number;
  moduleVersion(id: number): Promise<number>;
  /** An ES number nobody registered yet. */
  newEsNumber(): string;
}

/**
 * A user whose permissions come partly from the type of its organisation (organisationTypePermissions):
 * one per rule of the table, in an organisation of that type that the owner organisation granted
 * access, so its own calls reach the owner's objects through the grant.
 */
export interface TypeRuleUser {
  organisationType: OrganisationType;
  role: RoleName;
  username: string;
  token: string;
}

/** What the webhook routes need: an endpoint with a delivery per organisation, versions, fresh endpoints. */
export interface WebhooksWorld {
  own: { endpointId: number; deliveryId: number };
  foreign: { endpointId: number; deliveryId: number };
  version(id: number): Promise<number>;
  /** A new endpoint of the organisation (for a removal, which uses it up). */
  newEndpoint(organisationId: number): Promise<number>;
  /** A URL the webhook routes accept (WEBHOOK_ALLOW_PRIVATE=true) where nothing listens: a test fails at once. */
  url: string;
}

export interface SecurityWorld {
  t: TestApp;
  own: ScopeObjects;
  foreign: ScopeObjects;
  /** Ids no row has (high, but inside every id schema's range, so they reach the service). */
  missing: { organisationId: number; liftId: number; eventId: number; visitId: number };
  /** `x-module-key` of the own lift's module. */
  moduleKey: string;
  /** A live access token per role of the permission table that has a fixture user. */
  roleTokens: Partial<Record<RoleName, string>>;
  /** The maintenance company's user (role user), which reaches the owner organisation through a grant. */
  grantedToken: string;
  /** A user per organisation-type rule of the permission table (an inspection company's user). */
  typeRuleUsers: readonly TypeRuleUser[];
  /** Words only the stranger organisation's rows contain. */
  leakMarkers: readonly string[];
  /** A user no test signs in as otherwise, for POST /auth and password reset. */
  spareUser: { username: string; email: string; password: string };
  login(username: string, password?: string): Promise<string>;
  /** A fresh, live token of the role's user (for calls that end the session they are made with). */
  freshRoleToken(role: RoleName): Promise<string>;
  /** Requests a reset for the spare user and reads the link's token from the mail. */
  freshResetToken(): Promise<string>;
  /** Bearer credentials of every kind that must not work: none, malformed, forged, expired, revoked, disabled. */
  badBearer: readonly BadCredential[];
  badModuleKeys(): BadCredential[];
  administration: AdministrationWorld;
  senseModules: SenseModulesWorld;
  webhooks: WebhooksWorld;
  /**
   * Puts the fixture users back as they were: password, enabled, their sessions live. A fuzzed
   * write that happened to be valid (a new password, a disable) must not lock later cases out.
   * Only for the fuzz: it makes the world's revoked-session credential live again.
   */
  restoreAccounts(): Promise<void>;
  close(): Promise<void>;
}

export const worldRoles = Object.keys(rolePermissions) as RoleName[];

const at = (s: string) => new Date(s);

async function insertScope(
  t: TestApp,
  organisationId: number,
  names: { lift: string; address: string; es: string; person: string; text: string },
): Promise<ScopeObjects> {
  const db = t.database.db;
  const [lift] = await db
    .insert(lifts)
    .values({ organisationId, name: names.lift, address: names.address, liftType: 'personenlift' })
    .returning({ id: lifts.id });
  if (!lift) throw new Error('lift not inserted');
  const liftId = lift.id;
  await db.insert(modules).values({ esNumber: names.es, liftId, lastSeenAt: at('2026-03-10T08:55:00Z') });
  const [event] = await db
    .insert(events)
    .values({ liftId, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z'), closed: false, floor: 2 })
    .returning({ id: events.id });
  await db.insert(events).values({
    liftId,
    type: 'en627_door_closing_fault',
    startedAt: at('2026-03-05T10:00:00Z'),
    endedAt: at('2026-03-05T10:05:00Z'),
    closed: true,
  });
  const [call] = await db
    .insert(calls)
    .values({
      liftId,
      kind: 'entrapment',
      status: 'acknowledged',
      startedAt: at('2026-03-10T08:50:00Z'),
      acknowledgedAt: at('2026-03-10T08:50:30Z'),
      handledBy: names.person,
      notes: names.text,
    })
    .returning({ id: calls.id });
  await db.insert(calls).values({
    liftId,
    kind: 'test',
    status: 'ended',
    startedAt: at('2026-03-01T03:00:00Z'),
    acknowledgedAt: at('2026-03-01T03:00:04Z'),
    endedAt: at('2026-03-01T03:00:30Z'),
  });
  const [visit] = await db
    .insert(visits)
    .values({
      liftId,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: at('2026-03-02T08:00:00Z'),
      endedAt: at('2026-03-02T09:30:00Z'),
      person: names.person,
      remarks: names.text,
    })
    .returning({ id: visits.id });
  await db.insert(logbook).values({ liftId, logType: 'maintenance', at: at('2026-03-02T09:00:00Z'), text: names.text });
  if (!event || !call || !visit) throw new Error('scope rows not inserted');
  return { organisationId, liftId, eventId: event.id, visitId: visit.id, callId: call.id, esNumber: names.es };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export async function createSecurityWorld(env: Record<string, string> = {}): Promise<SecurityWorld> {
  // The matrix asks for a reset link once per role and case, all from one address and for one
  // spare user: the abuse limits (tested on their own) would otherwise answer the later ones.
  const t = await createTestApp({
    PASSWORD_RESET_RATE_LIMIT_PER_IP: '100000',
    PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: '100000',
    // Webhook endpoints on 127.0.0.1, where a test or re-send fails at once and reaches nothing else.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    ...env,
  });
  const db = t.database.db;
  const { org, user, byRole } = t.fixtures;

  const own = await insertScope(t, org.owner, {
    lift: 'Lift Eigen',
    address: 'Eigenweg 1, Utrecht',
    es: 'ES-MX-OWN',
    person: 'J. de Vries',
    text: 'Deuren afgesteld',
  });
  const foreign = await insertScope(t, org.stranger, {
    lift: 'Geheimlift Vreemd',
    address: 'Verborgenstraat 13, Zwolle',
    es: 'ES-GEHEIM-1',
    person: 'Geheime Monteur',
    text: 'Geheime notitie van de vreemde organisatie',
  });
  const key = generateModuleKey(own.esNumber);
  await db.update(modules).set({ keyHash: key.hash }).where(eq(modules.esNumber, own.esNumber));

  // Users of the owner organisation with the plainest role, kept out of the role tokens: POST /auth
  // and password reset may sign the spare one in, reset it and revoke its sessions at will; the
  // other is disabled once it has a token.
  const spareUser = { username: 'test-spare', email: 'test-spare@example.test', password: fixturePassword };
  const [clientLight] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'client-light'));
  const passwordHash = await hashPassword(fixturePassword);
  const extraUser = async (
    username: string,
    options: { organisationId?: number; name?: string; invited?: boolean } = {},
  ) => {
    const [row] = await db
      .insert(users)
      .values({
        username,
        email: `${username}@example.test`,
        name: options.name ?? username,
        passwordHash: options.invited ? null : passwordHash,
        organisationId: options.organisationId ?? org.owner,
      })
      .returning({ id: users.id });
    if (!row || !clientLight) throw new Error(`${username} not inserted`);
    await db.insert(userRoles).values({ userId: row.id, roleId: clientLight.id });
    return row.id;
  };
  await extraUser(spareUser.username);
  const disabledId = await extraUser('test-disabled');
  const administration = await administrationWorld(t, extraUser);
  const senseModules = await senseModulesWorld(t);
  const webhooks = await webhooksWorld(t);

  const roleTokens: Partial<Record<RoleName, string>> = {};
  for (const role of worldRoles) {
    const fixtureUser = byRole[role];
    if (fixtureUser) roleTokens[role] = await t.login(fixtureUser.username);
  }
  const grantedToken = await t.login(user.onderhoud.username);
  const typeRuleUsers = await insertTypeRuleUsers(t, passwordHash);

  const freshResetToken = async () => {
    const before = t.outbox().length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/password-reset/request',
      payload: { email: spareUser.email },
    });
    if (res.statusCode !== 200) throw new Error(`reset request failed: ${res.statusCode} ${res.body}`);
    await t.app.tasks.idle();
    const mail = decodeQuotedPrintable(t.outbox().slice(before)[0] ?? '');
    const token = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    if (!token) throw new Error('no reset link mailed');
    return token;
  };

  const adminUser = byRole.admin ?? user.admin;
  const live = await t.login(adminUser.username);
  const [header, payload, signature] = live.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const sessionId = String(claims.sid);
  const now = t.clock.now();
  const expired = await t.app.tokens.sign(
    { userId: adminUser.id, sessionId },
    new Date(now.getTime() - 60_000),
    new Date(now.getTime() - 9 * 3600_000),
  );
  const otherSecret = await new TokenSigner('another-secret-that-is-32-chars-long!').sign(
    { userId: adminUser.id, sessionId },
    new Date(now.getTime() + 3600_000),
    now,
  );
  // Someone else's user id under the admin's signature: the signature no longer matches.
  const tampered = `${header}.${base64url({ ...claims, sub: String(user.stranger.id) })}.${signature}`;
  const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
  const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const revoked = await t.login(user.user.username);
  await t.app.inject({
    method: 'POST',
    url: '/liftwacht/auth/logout',
    headers: { authorization: `Bearer ${revoked}` },
  });
  const disabled = await t.login('test-disabled');
  await db.update(users).set({ disabled: true }).where(eq(users.id, disabledId));
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const badBearer: BadCredential[] = [
    { label: 'no token', headers: {} },
    { label: 'Basic credentials', headers: { authorization: 'Basic dGVzdC1hZG1pbjpDb3JyZWN0LWhvcnNlLTQy' } },
    { label: 'empty Bearer', headers: { authorization: 'Bearer ' } },
    { label: 'garbage token', headers: bearer('not-a-jwt') },
    { label: 'tampered payload', headers: bearer(tampered) },
    { label: 'altered signature', headers: bearer(flipped) },
    { label: 'alg none', headers: bearer(unsigned) },
    { label: 'signed with another secret', headers: bearer(otherSecret) },
    { label: 'expired', headers: bearer(expired) },
    { label: 'revoked session', headers: bearer(revoked) },
    { label: 'disabled user', headers: bearer(disabled) },
  ];

  return {
    t,
    own,
    foreign,
    missing: { organisationId: 2_000_000_001, liftId: 2_000_000_001, eventId: 2_000_000_001, visitId: 2_000_000_001 },
    moduleKey: key.key,
    roleTokens,
    grantedToken,
    typeRuleUsers,
    leakMarkers: ['Vreemde Organisatie', 'Geheimlift', 'Verborgenstraat', 'Geheime', 'ES-GEHEIM'],
    spareUser,
    login: (username, password) => t.login(username, password),
    freshRoleToken: async (role) => {
      const fixtureUser = byRole[role];
      if (!fixtureUser) throw new Error(`no fixture user for role ${role}`);
      return t.login(fixtureUser.username);
    },
    freshResetToken,
    badBearer,
    badModuleKeys: (): BadCredential[] => [
      { label: 'no module key', headers: {} },
      { label: 'no dot', headers: { 'x-module-key': 'ES-MX-OWN' } },
      { label: 'wrong secret', headers: { 'x-module-key': `${own.esNumber}.wrong-secret-wrong-secret` } },
      { label: 'unknown module', headers: { 'x-module-key': `ES-NOPE-1.${key.key.split('.').pop() ?? ''}` } },
      { label: "the stranger's module with this secret", headers: { 'x-module-key': `${foreign.esNumber}.x` } },
      { label: 'oversized', headers: { 'x-module-key': `${own.esNumber}.${'k'.repeat(5000)}` } },
    ],
    administration,
    senseModules,
    webhooks,
    restoreAccounts: async () => {
      const ids = Object.values(t.fixtures.user).map((u) => u.id);
      await db.update(users).set({ passwordHash, disabled: false }).where(inArray(users.id, ids));
      await db.update(sessions).set({ revokedAt: null }).where(inArray(sessions.userId, ids));
    },
    close: () => t.close(),
  };
}

/** Every rule of organisationTypePermissions gets an organisation of its type and a user of its role. */
async function insertTypeRuleUsers(t: TestApp, passwordHash: string): Promise<TypeRuleUser[]> {
  const db = t.database.db;
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const found: TypeRuleUser[] = [];
  for (const [type, byRole] of Object.entries(organisationTypePermissions) as [
    OrganisationType,
    Partial<Record<RoleName, unknown>>,
  ][]) {
    const [organisation] = await db
      .insert(organisations)
      .values({ name: `Harnas ${type}`, type })
      .returning({ id: organisations.id });
    if (!organisation) throw new Error(`no ${type} organisation`);
    // Access to the owner organisation only: the stranger's objects stay out of its scope.
    await db
      .insert(organisationAccess)
      .values({ organisationId: organisation.id, accessibleOrganisationId: t.fixtures.org.owner });
    for (const role of Object.keys(byRole) as RoleName[]) {
      const username = `test-${type}-${role}`;
      const [row] = await db
        .insert(users)
        .values({
          username,
          email: `${username}@example.test`,
          name: username,
          passwordHash,
          organisationId: organisation.id,
        })
        .returning({ id: users.id });
      const roleId = roleRows.find((r) => r.name === role)?.id;
      if (!row || roleId === undefined) throw new Error(`${username} not inserted`);
      await db.insert(userRoles).values({ userId: row.id, roleId });
      found.push({ organisationType: type, role, username, token: await t.login(username) });
    }
  }
  return found;
}

async function administrationWorld(
  t: TestApp,
  extraUser: (
    username: string,
    options?: { organisationId?: number; name?: string; invited?: boolean },
  ) => Promise<number>,
): Promise<AdministrationWorld> {
  const db = t.database.db;
  const { org } = t.fixtures;
  const [inspection] = await db
    .insert(organisations)
    .values({ name: 'Keuring Harnas', type: 'inspection' })
    .returning({ id: organisations.id });
  if (!inspection) throw new Error('inspection company not inserted');
  const grant = and(
    eq(organisationAccess.organisationId, inspection.id),
    eq(organisationAccess.accessibleOrganisationId, org.owner),
  );
  let invitees = 0;
  return {
    own: {
      userId: await extraUser('test-target'),
      invitedUserId: await extraUser('test-invited', { invited: true }),
    },
    // The stranger's people carry a marker word: any answer that shows them to an admin leaks.
    foreign: {
      userId: await extraUser('stranger-target', { organisationId: org.stranger, name: 'Geheime Doelpersoon' }),
      invitedUserId: await extraUser('stranger-invited', {
        organisationId: org.stranger,
        name: 'Geheime Genodigde',
        invited: true,
      }),
    },
    inspectionOrganisationId: inspection.id,
    userVersion: async (id) => {
      const [row] = await db.select({ version: users.version }).from(users).where(eq(users.id, id));
      return row?.version ?? 1;
    },
    organisationVersion: async (id) => {
      const [row] = await db
        .select({ version: organisations.version })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row?.version ?? 1;
    },
    setGrant: async (present) => {
      if (present) {
        await db
          .insert(organisationAccess)
          .values({ organisationId: inspection.id, accessibleOrganisationId: org.owner })
          .onConflictDoNothing();
      } else {
        await db.delete(organisationAccess).where(grant);
      }
    },
    newUsername: () => `harness-invitee-${String(++invitees)}`,
  };
}

async function senseModulesWorld(t: TestApp): Promise<SenseModulesWorld> {
  const db = t.database.db;
  const { org } = t.fixtures;
  const idOf = async (esNumber: string) => {
    const [row] = await db.select({ id: modules.id }).from(modules).where(eq(modules.esNumber, esNumber));
    if (!row) throw new Error(`no module ${esNumber}`);
    return row.id;
  };
  const [lift] = await db
    .insert(lifts)
    .values({ organisationId: org.owner, name: 'Lift Reserve', address: 'Eigenweg 3, Utrecht' })
    .returning({ id: lifts.id });
  const [spare] = await db
    .insert(modules)
    .values({ esNumber: 'ES-MX-SPARE', organisationId: org.owner })
    .returning({ id: modules.id });
  if (!lift || !spare) throw new Error('sense-module rows not inserted');
  let registered = 0;
  return {
    ownModuleId: await idOf('ES-MX-OWN'),
    foreignModuleId: await idOf('ES-GEHEIM-1'),
    spareModuleId: spare.id,
    freeLiftId: lift.id,
    moduleVersion: async (id) => {
      const [row] = await db.select({ version: modules.version }).from(modules).where(eq(modules.id, id));
      return row?.version ?? 1;
    },
    newEsNumber: () => `ES-HARNAS-${String(++registered)}`,
  };
}

async function webhooksWorld(t: TestApp): Promise<WebhooksWorld> {
  const db = t.database.db;
  const seal = secretSeal(t.config.jwtSecret);
  const url = 'http://127.0.0.1:9/harnas';
  const now = t.clock.now();
  const newEndpoint = async (organisationId: number, description = 'Harnas') => {
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        organisationId,
        url,
        description,
        kinds: ['call.received', 'event.opened'],
        secretSealed: seal.seal(generateWebhookSecret()),
        secretCreatedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('webhook endpoint not inserted');
    return row.id;
  };
  const withDelivery = async (organisationId: number, description: string) => {
    const endpointId = await newEndpoint(organisationId, description);
    const deliveryId = crypto.randomUUID();
    const [row] = await db
      .insert(webhookDeliveries)
      .values({
        deliveryId,
        endpointId,
        kind: 'event.opened',
        subjectKey: `event.opened:harnas-${String(endpointId)}`,
        body: JSON.stringify({ id: deliveryId, kind: 'event.opened', note: description }),
        status: 'failed',
        attempts: 8,
        createdAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new Error('webhook delivery not inserted');
    return { endpointId, deliveryId: row.id };
  };
  const { org } = t.fixtures;
  return {
    own: await withDelivery(org.owner, 'Harnas meldkamer'),
    // The stranger's carry a marker word: an answer that shows them to an admin leaks.
    foreign: await withDelivery(org.stranger, 'Geheime meldkamer'),
    version: async (id) => {
      const [row] = await db
        .select({ version: webhookEndpoints.version })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id));
      return row?.version ?? 1;
    },
    newEndpoint: (organisationId) => newEndpoint(organisationId),
    url,
  };
}
