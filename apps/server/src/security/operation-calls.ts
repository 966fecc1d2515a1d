// How to call every operation of /liftwacht/openapi.json correctly, on the caller's own
// organisation, and how to aim the same call at another organisation or at ids that do not exist.
// The authorization matrix and the fuzz are generated from the OpenAPI document and this table;
// both fail for an operation without an entry, so every new route joins the harness here.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { RoleName } from '@liftwacht/contracts/auth';
import { calls, lifts, logbook, savedReports, senseLabels, visits } from '../db/schema.ts';
import { fixturePassword } from '../test-support/fixtures.ts';
import { inspectionUpload, storedInspection } from '../test-support/inspection-calls.ts';
import { liftImportUpload, storedLiftImport } from '../test-support/lift-import-calls.ts';
import type { MultipartParts } from '../test-support/multipart-body.ts';
import type { SecurityWorld } from '../test-support/security-world.ts';

export type QueryValue = string | number | boolean | readonly (string | number)[];

/**
 * One request to an operation, before it becomes a URL: path parameters, query, a JSON body or
 * (for an upload) multipart/form-data parts, headers.
 */
export interface RouteCall {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  multipart?: MultipartParts;
  headers?: Record<string, string>;
}

export interface ScopedCall {
  label: string;
  call: RouteCall;
  /**
   * What the call aims at: the stranger organisation or its objects (404 for every role, except
   * system-admin, whose scope is every organisation: 2xx), or nothing any role reaches — ids no row
   * has, or an object named under an organisation it does not belong to (404 for every role).
   */
  aim: 'stranger' | 'nowhere';
}

export interface OperationCalls {
  /**
   * A valid call about the caller's own organisation (the owner organisation of the fixtures);
   * a role with the operation's permission gets 2xx. The matrix names the calling role (for
   * objects only their author may change); without it the caller is the maintenance company's user
   * reaching the owner organisation through its grant, or a fuzz credential.
   */
  own: (w: SecurityWorld, role?: RoleName) => RouteCall | Promise<RouteCall>;
  /**
   * The call aimed at the stranger organisation or its objects, and at ids no row has: 404 each
   * (never another organisation's data). Operations without an organisation or object in the
   * request say why instead.
   */
  foreign: ((w: SecurityWorld) => ScopedCall[] | Promise<ScopedCall[]>) | { none: string };
  /** The call ends the session it is made with (logout): it gets a fresh one each time. */
  consumesSession?: true;
  /**
   * What the own call answers when that is not a 2xx by design: the first-run setup exists only
   * while there is no user, and the harness world always has users (404).
   */
  ownAnswers?: number;
}

const readingName = { nameNl: 'Harnas meting', nameEn: 'Harness reading', unit: 'V', version: null };

// f21…f99 and e11…e98 have no default: a fresh key per call, so calls never meet each other's rows.
let readingKeyCounter = 0;
function nextReadingKey(): string {
  readingKeyCounter++;
  return readingKeyCounter <= 79
    ? `f${String(20 + readingKeyCounter)}`
    : `e${String(10 + ((readingKeyCounter - 80) % 88))}`;
}

/** A reading the organisation named (or renamed) just now; its version. */
async function namedReading(w: SecurityWorld, organisationId: number, key: string): Promise<number> {
  const [row] = await w.t.database.db
    .insert(senseLabels)
    .values({ organisationId, key, nameNl: 'Harnas', updatedAt: w.t.clock.now() })
    .onConflictDoUpdate({ target: [senseLabels.organisationId, senseLabels.key], set: { nameNl: 'Harnas' } })
    .returning({ version: senseLabels.version });
  if (!row) throw new Error('sense label not stored');
  return row.version;
}

const logbookLine = { logType: 'check', at: '2026-03-10T08:00:00.000Z', text: 'Harnas controle' };

/** A logbook line written in the portal just now by `authorId`, so its author may correct it. */
async function writtenLine(w: SecurityWorld, liftId: number, authorId: number | undefined): Promise<number> {
  const [row] = await w.t.database.db
    .insert(logbook)
    .values({
      liftId,
      logType: 'check',
      at: new Date('2026-03-10T08:00:00Z'),
      text: 'Harnas',
      authorId,
      createdAt: w.t.clock.now(),
    })
    .returning({ id: logbook.id });
  if (!row) throw new Error('logbook line not stored');
  return row.id;
}

const dateRange = { from: '2026-02-01', to: '2026-02-28' };
/** A month next to the one before it, as compare periods pairs them. */
const comparedPeriods = '2026-02-01/2026-02-28,2026-01-01/2026-01-31';

/** A kept report of the caller (the role's user, else the maintenance company's user) about `organisationId`. */
async function keptReport(w: SecurityWorld, userId: number, organisationId: number): Promise<number> {
  const pdf = new TextEncoder().encode('%PDF-1.4 harness');
  const [row] = await w.t.database.db
    .insert(savedReports)
    .values({
      userId,
      organisationId,
      periodFrom: dateRange.from,
      periodTo: dateRange.to,
      language: 'nl',
      size: pdf.byteLength,
      content: pdf,
      createdAt: w.t.clock.now(),
    })
    .returning({ id: savedReports.id });
  if (!row) throw new Error('saved report not stored');
  return row.id;
}

/** The own call with the organisation replaced by the stranger's and by one that does not exist. */
function otherOrganisations(w: SecurityWorld, call: (organisationId: number) => RouteCall): ScopedCall[] {
  return [
    { label: "the stranger's organisation", call: call(w.foreign.organisationId), aim: 'stranger' },
    { label: 'an organisation that does not exist', call: call(w.missing.organisationId), aim: 'nowhere' },
  ];
}

function otherLifts(w: SecurityWorld, call: (liftId: number) => RouteCall): ScopedCall[] {
  return [
    { label: "the stranger's lift", call: call(w.foreign.liftId), aim: 'stranger' },
    { label: 'a lift that does not exist', call: call(w.missing.liftId), aim: 'nowhere' },
  ];
}

/** Every per-lift read of the lift page takes the lift as `{id}`; their foreign calls are alike. */
function liftRead(query: Record<string, QueryValue> = {}): OperationCalls {
  return {
    own: (w) => ({ params: { id: w.own.liftId }, query }),
    foreign: (w) => otherLifts(w, (id) => ({ params: { id }, query })),
  };
}

const liftCriteria = { name: 'Lift' };

/**
 * An operation on one stored lift import, {id}: a fresh one of the own organisation each time (an
 * apply uses it up), the stranger's, and an id no import has.
 */
function liftImportCall(): OperationCalls {
  return {
    own: async (w) => ({ params: { id: await storedLiftImport(w, 'own') } }),
    foreign: async (w) => [
      {
        label: "the stranger's import",
        call: { params: { id: await storedLiftImport(w, 'foreign') } },
        aim: 'stranger',
      },
      { label: 'an import that does not exist', call: { params: { id: crypto.randomUUID() } }, aim: 'nowhere' },
    ],
  };
}

/** A new lift of the organisation for the lift form (no owner number: any number of them may exist). */
const newLift = (organisationId: number): RouteCall => ({
  body: { organisationId, name: 'Harnas Lift', address: 'Harnasweg 1', city: 'Utrecht', liftType: null },
});

/**
 * An edit of the lift with the version it has now, so every case is a fresh, valid edit that leaves
 * the lift as it was (the fields it names keep their values).
 */
async function liftEdit(w: SecurityWorld, id: number): Promise<RouteCall> {
  const [row] = await w.t.database.db.select({ version: lifts.version }).from(lifts).where(eq(lifts.id, id));
  return { params: { id }, body: { hasFlow: false, version: row?.version ?? 1 } };
}

/**
 * A fresh visit in progress on the lift, so every role's end or cancel finds one to close (a
 * closed visit answers 409 by design).
 */
async function openVisit(w: SecurityWorld, liftId: number): Promise<number> {
  const [row] = await w.t.database.db
    .insert(visits)
    .values({ liftId, type: 'repair', role: 'mechanic', state: 'progress', startedAt: w.t.clock.now() })
    .returning({ id: visits.id });
  return row?.id ?? 0;
}

/** End or cancel: the own call closes a fresh own visit; foreign ones aim at the stranger's. */
function visitClose(body?: unknown): OperationCalls {
  const call = (visitId: number): RouteCall => ({ params: { visitId }, ...(body === undefined ? {} : { body }) });
  return {
    own: async (w) => call(await openVisit(w, w.own.liftId)),
    foreign: async (w) => [
      { label: "the stranger's visit", call: call(await openVisit(w, w.foreign.liftId)), aim: 'stranger' },
      { label: 'a visit that does not exist', call: call(w.missing.visitId), aim: 'nowhere' },
    ],
  };
}

/**
 * Starting a visit: one in progress per lift per person, so the callers' visits on the lift are
 * canceled first and every role's start (each time the harness makes it) answers 201.
 */
async function visitStart(w: SecurityWorld, liftId: number): Promise<RouteCall> {
  await w.t.database.db
    .update(visits)
    .set({ state: 'canceled', endedAt: w.t.clock.now() })
    .where(and(eq(visits.liftId, liftId), eq(visits.state, 'progress'), isNotNull(visits.startedBy)));
  return { params: { id: liftId }, body: { type: 'repair', role: 'mechanic' } };
}

/**
 * A fresh alarm call received a minute ago on the lift, so every role's action finds one still
 * open at version 1 (acting on an acknowledged or ended call answers 409 by design).
 */
async function openCall(w: SecurityWorld, liftId: number, acknowledged = false): Promise<number> {
  const startedAt = new Date(w.t.clock.now().getTime() - 60_000);
  const [row] = await w.t.database.db
    .insert(calls)
    .values({
      liftId,
      startedAt,
      kind: 'entrapment',
      // A passenger is freed on an acknowledged call only (409 before).
      ...(acknowledged ? { status: 'acknowledged', acknowledgedAt: startedAt } : { status: 'received' }),
    })
    .returning({ id: calls.id });
  return row?.id ?? 0;
}

/** An action on a call: the own call acts on a fresh own call; foreign ones aim at the stranger's. */
function callAction(body: unknown = { version: 1 }, read = false, acknowledged = false): OperationCalls {
  const call = (callId: number): RouteCall => ({ params: { callId }, ...(read ? {} : { body }) });
  return {
    own: async (w) => call(await openCall(w, w.own.liftId, acknowledged)),
    foreign: async (w) => [
      {
        label: "the stranger's call",
        call: call(await openCall(w, w.foreign.liftId, acknowledged)),
        aim: 'stranger',
      },
      { label: 'a call that does not exist', call: call(2_000_000_001), aim: 'nowhere' },
    ],
  };
}

/** An invitation of a new client-light person into the organisation. */
function invitation(w: SecurityWorld, organisationId: number): RouteCall {
  const username = w.administration.newUsername();
  return {
    body: {
      username,
      name: 'Harnas Genodigde',
      email: `${username}@example.test`,
      organisationId,
      roles: ['client-light'],
      locale: 'nl',
    },
  };
}

/**
 * A change to one person, with the version the person has now (so every case is a fresh, valid
 * change): the own organisation's, the stranger's, and one that does not exist.
 */
function personChange(pick: 'userId' | 'invitedUserId', body: Record<string, unknown> = {}): OperationCalls {
  const call = async (w: SecurityWorld, id: number): Promise<RouteCall> => ({
    params: { id },
    body: { ...body, version: await w.administration.userVersion(id) },
  });
  return {
    own: (w) => call(w, w.administration.own[pick]),
    foreign: async (w) => [
      { label: "the stranger's person", call: await call(w, w.administration.foreign[pick]), aim: 'stranger' },
      {
        label: 'a person who does not exist',
        call: { params: { id: w.missing.organisationId }, body: { ...body, version: 1 } },
        aim: 'nowhere',
      },
    ],
  };
}

/**
 * A change to one module with the version it has now: the own spare module, the stranger's module
 * (left as it is, so system-admin's call is a real, repeatable one), and one that does not exist.
 */
function moduleChange(body: (w: SecurityWorld, own: boolean) => Record<string, unknown>): OperationCalls {
  const call = async (w: SecurityWorld, id: number, own: boolean): Promise<RouteCall> => ({
    params: { id },
    body: { ...body(w, own), version: await w.senseModules.moduleVersion(id) },
  });
  return {
    own: (w) => call(w, w.senseModules.spareModuleId, true),
    foreign: async (w) => [
      { label: "the stranger's module", call: await call(w, w.senseModules.foreignModuleId, false), aim: 'stranger' },
      {
        label: 'a module that does not exist',
        call: { params: { id: w.missing.liftId }, body: { ...body(w, true), version: 1 } },
        aim: 'nowhere',
      },
    ],
  };
}

/** An operation on one webhook endpoint, {id}: the own organisation's, the stranger's, one that does not exist. */
function webhookCall(body?: (w: SecurityWorld, id: number) => Promise<Record<string, unknown>>): OperationCalls {
  const call = async (w: SecurityWorld, id: number): Promise<RouteCall> => ({
    params: { id },
    ...(body ? { body: await body(w, id) } : {}),
  });
  return {
    own: (w) => call(w, w.webhooks.own.endpointId),
    foreign: async (w) => [
      { label: "the stranger's webhook", call: await call(w, w.webhooks.foreign.endpointId), aim: 'stranger' },
      { label: 'a webhook that does not exist', call: await call(w, w.missing.organisationId), aim: 'nowhere' },
    ],
  };
}

const webhookVersion = async (w: SecurityWorld, id: number) => ({ version: await w.webhooks.version(id) });

export const operationCalls: Record<string, OperationCalls> = {
  'GET /liftwacht/version': { own: () => ({}), foreign: { none: 'public, no organisation' } },
  'GET /liftwacht/health': { own: () => ({}), foreign: { none: 'public, no organisation' } },
  'GET /liftwacht/ready': { own: () => ({}), foreign: { none: 'public, no organisation' } },
  'POST /liftwacht/auth': {
    own: (w) => ({ body: { username: w.spareUser.username, password: w.spareUser.password } }),
    foreign: { none: 'public; the credentials name the user' },
  },
  'POST /liftwacht/auth/logout': {
    own: () => ({}),
    foreign: { none: 'ends the caller’s own session' },
    consumesSession: true,
  },
  'GET /liftwacht/user': { own: () => ({}), foreign: { none: 'the caller’s own profile' } },
  'PATCH /liftwacht/user': {
    // The language it already has: a change that leaves the fixture user as it was.
    own: () => ({ body: { locale: 'nl' } }),
    foreign: { none: 'the caller’s own profile' },
  },
  'POST /liftwacht/user/password': {
    // Sets the password it already has. It ends the caller's other sessions, never the one it is
    // made with, so the role tokens the matrix shares stay valid.
    own: () => ({ body: { currentPassword: fixturePassword, newPassword: fixturePassword } }),
    foreign: { none: 'the caller’s own password' },
  },
  'GET /liftwacht/setup': { own: () => ({}), foreign: { none: 'public; no organisation' } },
  'POST /liftwacht/setup': {
    own: () => ({
      body: {
        token: 'not-the-setup-token',
        organisationName: 'Liftwacht Beheer',
        username: 'setup-admin',
        name: 'Setup Admin',
        email: 'setup-admin@example.test',
        password: fixturePassword,
        locale: 'nl',
      },
    }),
    foreign: { none: 'public; exists only before the first user' },
    ownAnswers: 404,
  },
  'POST /liftwacht/password-reset/request': {
    own: (w) => ({ body: { email: w.spareUser.email } }),
    foreign: { none: 'public; answers the same for every address' },
  },
  'POST /liftwacht/password-reset': {
    // Sets the spare user's password back to what it was, so POST /auth keeps working.
    own: async (w) => ({ body: { token: await w.freshResetToken(), password: w.spareUser.password } }),
    foreign: { none: 'public; the token names the user' },
  },
  'GET /liftwacht/user/organisation': { own: () => ({}), foreign: { none: 'the caller’s own organisation' } },
  'GET /liftwacht/organisation': {
    own: () => ({ query: { limit: 100 } }),
    foreign: { none: 'lists the caller’s own and granted organisations (the leak check covers it)' },
  },
  'GET /liftwacht/organisation/{id}': {
    own: (w) => ({ params: { id: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (id) => ({ params: { id } })),
  },
  'GET /liftwacht/stats': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => [
      ...otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
      ...otherLifts(w, (liftId) => ({ query: { organisationId: w.own.organisationId, liftId } })).map((c) => ({
        ...c,
        label: `own organisation with ${c.label}`,
        // A lift asked for under an organisation it does not belong to: nobody's scope has that.
        aim: 'nowhere' as const,
      })),
    ],
  },
  'GET /liftwacht/get-started': {
    own: () => ({}),
    foreign: { none: 'counts within what the caller administers (the leak check covers it)' },
  },
  'GET /liftwacht/stats/served': {
    own: () => ({}),
    foreign: { none: 'the lifts of the caller’s own and granted organisations (the leak check covers it)' },
  },
  'GET /liftwacht/stats/details': {
    // One of the two statuses every role with the permission sees (visibleLiftStatuses).
    own: (w) => ({ query: { type: 'intercomUnavailable', organisationId: w.own.organisationId } }),
    foreign: (w) =>
      otherOrganisations(w, (organisationId) => ({ query: { type: 'intercomUnavailable', organisationId } })),
  },
  'GET /liftwacht/current-state': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'POST /liftwacht/report/pdf': {
    own: (w) => ({ body: { subjectId: w.own.organisationId, report: 'organisation', ...dateRange } }),
    foreign: (w) =>
      otherOrganisations(w, (subjectId) => ({ body: { subjectId, report: 'organisation', ...dateRange } })),
  },
  // The report page and scheduled reports (issue 20).
  'POST /liftwacht/reports': {
    own: (w) => ({ body: { organisationId: w.own.organisationId, ...dateRange, language: 'en' } }),
    foreign: (w) =>
      otherOrganisations(w, (organisationId) => ({ body: { organisationId, ...dateRange, language: 'en' } })),
  },
  'GET /liftwacht/reports': { own: () => ({}), foreign: { none: 'the caller’s own reports' } },
  'GET /liftwacht/reports/{id}/pdf': {
    own: async (w, role) => {
      const userId = (role ? w.t.fixtures.byRole[role]?.id : undefined) ?? w.t.fixtures.user.onderhoud.id;
      return { params: { id: await keptReport(w, userId, w.own.organisationId) } };
    },
    foreign: async (w) => [
      {
        // Only its maker reaches a kept report, so even system-admin gets 404.
        label: "the stranger's report",
        call: { params: { id: await keptReport(w, w.t.fixtures.user.stranger.id, w.foreign.organisationId) } },
        aim: 'nowhere',
      },
      { label: 'a report that does not exist', call: { params: { id: 2_000_000_001 } }, aim: 'nowhere' },
    ],
  },
  'GET /liftwacht/report-subscriptions': { own: () => ({}), foreign: { none: 'the caller’s own subscriptions' } },
  'POST /liftwacht/report-subscriptions': {
    own: (w) => ({ body: { organisationId: w.own.organisationId, cadence: 'monthly' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ body: { organisationId, cadence: 'monthly' } })),
  },
  'DELETE /liftwacht/report-subscriptions/{organisationId}/{cadence}': {
    own: (w) => ({ params: { organisationId: w.own.organisationId, cadence: 'quarterly' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ params: { organisationId, cadence: 'quarterly' } })),
  },
  'GET /liftwacht/report-deliveries': {
    own: () => ({}),
    foreign: { none: 'the scheduled reports of the administrator’s own organisation' },
  },
  'GET /liftwacht/events': {
    own: (w) => ({ query: { organisationId: w.own.organisationId, showClosed: 'true' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId, showClosed: 'true' } })),
  },
  'GET /liftwacht/events/{id}': {
    own: (w) => ({ params: { id: w.own.eventId } }),
    foreign: (w) => [
      { label: "the stranger's event", call: { params: { id: w.foreign.eventId } }, aim: 'stranger' },
      { label: 'an event that does not exist', call: { params: { id: w.missing.eventId } }, aim: 'nowhere' },
    ],
  },
  'GET /liftwacht/calls': {
    own: (w) => ({ query: { organisationId: w.own.organisationId, ...dateRange } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId, ...dateRange } })),
  },
  'GET /liftwacht/calls/current': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  // Alarm handling (issue 19): one call with its lifecycle, and acting on it.
  'GET /liftwacht/calls/{callId}': callAction(undefined, true),
  'GET /liftwacht/calls/{callId}/assignees': callAction(undefined, true),
  'POST /liftwacht/calls/{callId}/acknowledge': callAction(),
  'POST /liftwacht/calls/{callId}/assign': callAction({ version: 1, userId: null, organisationId: null }),
  'POST /liftwacht/calls/{callId}/notes': callAction({ text: 'Harnas notitie' }),
  'POST /liftwacht/calls/{callId}/passenger-freed': callAction({ version: 1 }, false, true),
  'POST /liftwacht/calls/{callId}/end': callAction({ version: 1, kind: 'entrapment' }),
  'GET /liftwacht/subscriptions': { own: () => ({}), foreign: { none: 'the caller’s own subscriptions' } },
  'PUT /liftwacht/subscriptions': {
    own: (w) => ({ body: { items: [{ eventType: 'unavailable', liftIds: [w.own.liftId] }] } }),
    foreign: (w) => otherLifts(w, (liftId) => ({ body: { items: [{ eventType: 'unavailable', liftIds: [liftId] }] } })),
  },
  'GET /liftwacht/lift': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'POST /liftwacht/lift': {
    own: (w) => ({ query: { organisationId: w.own.organisationId }, body: liftCriteria }),
    foreign: (w) => [
      ...otherOrganisations(w, (organisationId) => ({ query: { organisationId }, body: liftCriteria })),
      // Empty criteria short-cut to an empty list; the organisation must still be checked first.
      {
        label: "the stranger's organisation with empty criteria",
        aim: 'stranger',
        call: { query: { organisationId: w.foreign.organisationId }, body: {} },
      },
    ],
  },
  'GET /liftwacht/lift/{id}': liftRead(),
  'GET /liftwacht/lift/{id}/statuses': liftRead(),
  'GET /liftwacht/lift/{id}/on-site': liftRead(),
  'GET /liftwacht/lift/{id}/logbook': liftRead(),
  'GET /liftwacht/lift/{id}/counters': liftRead({ interval: 'day', ...dateRange }),
  'GET /liftwacht/lift/{id}/ride-estimate': liftRead(),
  'GET /liftwacht/lift/{id}/sense-data': liftRead(),
  'GET /liftwacht/sense/configuration': {
    own: (w) => ({ query: { type: 'label', organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { type: 'label', organisationId } })),
  },
  // Module reading names (issue 41): the organisation's own names over the defaults.
  'GET /liftwacht/organisations/{id}/sense-labels': {
    own: (w) => ({ params: { id: w.own.organisationId }, query: { locale: 'en-GB' } }),
    foreign: (w) => otherOrganisations(w, (id) => ({ params: { id } })),
  },
  'PUT /liftwacht/organisations/{id}/sense-labels/{key}': {
    // A key of its own each time: a first name (version null) never meets an earlier one.
    own: (w) => ({ params: { id: w.own.organisationId, key: nextReadingKey() }, body: readingName }),
    foreign: (w) => otherOrganisations(w, (id) => ({ params: { id, key: 'f3' }, body: readingName })),
  },
  'DELETE /liftwacht/organisations/{id}/sense-labels/{key}': {
    own: async (w) => {
      const key = nextReadingKey();
      const version = await namedReading(w, w.own.organisationId, key);
      return { params: { id: w.own.organisationId, key }, query: { version } };
    },
    foreign: async (w) => [
      {
        label: "the stranger's organisation",
        call: {
          params: { id: w.foreign.organisationId, key: 'e99' },
          query: { version: await namedReading(w, w.foreign.organisationId, 'e99') },
        },
        aim: 'stranger',
      },
      {
        label: 'an organisation that does not exist',
        call: { params: { id: w.missing.organisationId, key: 'f3' }, query: { version: 1 } },
        aim: 'nowhere',
      },
    ],
  },
  'GET /liftwacht/lift/{id}/visits': liftRead(),
  'POST /liftwacht/lift/{id}/logbook': {
    own: (w) => ({ params: { id: w.own.liftId }, body: logbookLine }),
    foreign: (w) => otherLifts(w, (id) => ({ params: { id }, body: logbookLine })),
  },
  'PUT /liftwacht/logbook/{entryId}': {
    own: async (w, role) => {
      const author = role ? w.t.fixtures.byRole[role]?.id : w.t.fixtures.user.onderhoud.id;
      return { params: { entryId: await writtenLine(w, w.own.liftId, author) }, body: logbookLine };
    },
    foreign: async (w) => [
      {
        label: "the stranger's logbook entry (written by system-admin, whose scope it is in)",
        call: {
          params: { entryId: await writtenLine(w, w.foreign.liftId, w.t.fixtures.byRole['system-admin']?.id) },
          body: logbookLine,
        },
        aim: 'stranger',
      },
      {
        label: 'an entry that does not exist',
        call: { params: { entryId: 2_000_000_001 }, body: logbookLine },
        aim: 'nowhere',
      },
    ],
  },
  'GET /liftwacht/lift/{id}/inspections': liftRead(),
  'POST /liftwacht/lift/{id}/inspections': {
    own: (w) => ({ params: { id: w.own.liftId }, multipart: inspectionUpload() }),
    foreign: (w) => otherLifts(w, (id) => ({ params: { id }, multipart: inspectionUpload() })),
  },
  'GET /liftwacht/inspections/{inspectionId}/certificate': {
    own: async (w) => ({ params: { inspectionId: await storedInspection(w, w.own.liftId) } }),
    foreign: async (w) => [
      {
        label: "the stranger's certificate",
        call: { params: { inspectionId: await storedInspection(w, w.foreign.liftId) } },
        aim: 'stranger',
      },
      { label: 'an inspection that does not exist', call: { params: { inspectionId: 2_000_000_001 } }, aim: 'nowhere' },
    ],
  },
  'GET /liftwacht/visits/{visitId}': {
    own: (w) => ({ params: { visitId: w.own.visitId } }),
    foreign: (w) => [
      { label: "the stranger's visit", call: { params: { visitId: w.foreign.visitId } }, aim: 'stranger' },
      { label: 'a visit that does not exist', call: { params: { visitId: w.missing.visitId } }, aim: 'nowhere' },
    ],
  },
  // Field work (issue 18): recording visits.
  'POST /liftwacht/lift/{id}/visits': {
    own: (w) => visitStart(w, w.own.liftId),
    foreign: async (w) => [
      { label: "the stranger's lift", call: await visitStart(w, w.foreign.liftId), aim: 'stranger' },
      {
        label: 'a lift that does not exist',
        call: { params: { id: w.missing.liftId }, body: { type: 'repair', role: 'mechanic' } },
        aim: 'nowhere',
      },
    ],
  },
  'GET /liftwacht/visits/mine': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'POST /liftwacht/visits/{visitId}/end': visitClose({ remarks: 'Harnas' }),
  'POST /liftwacht/visits/{visitId}/cancel': visitClose(),
  'POST /liftwacht/auth/sense-liftwacht': {
    own: (w) => ({ body: { identifier: `liftwacht-${w.own.liftId}`, identifierType: 'ext' } }),
    foreign: (w) => otherLifts(w, (liftId) => ({ body: { identifier: `liftwacht-${liftId}`, identifierType: 'ext' } })),
  },
  'POST /liftwacht/ingest': {
    own: (w) => ({
      headers: { 'x-module-key': w.moduleKey },
      body: { messages: [{ kind: 'module', id: crypto.randomUUID(), t: '2026-03-10T08:59:00Z', f: {} }] },
    }),
    foreign: { none: 'the module key names the module; no message addresses another one' },
  },
  // Administration (issue 16). Changes are repeatable: each call reads the current version, makes
  // the grant it revokes (or removes the one it makes), invites a new username.
  'GET /liftwacht/admin/organisations': {
    own: () => ({ query: { limit: 100 } }),
    foreign: { none: 'lists what the caller administers (the leak check covers an admin)' },
  },
  'GET /liftwacht/admin/organisations/{id}': {
    own: (w) => ({ params: { id: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (id) => ({ params: { id } })),
  },
  'POST /liftwacht/admin/organisations': {
    own: () => ({ body: { name: 'Harnas Organisatie', type: 'client' } }),
    foreign: { none: 'creates a new organisation' },
  },
  'PATCH /liftwacht/admin/organisations/{id}': {
    // Renames each organisation to its own name: a real change (a new version), nothing else moves.
    own: async (w) => ({
      params: { id: w.own.organisationId },
      body: { name: 'Woonstichting Test', version: await w.administration.organisationVersion(w.own.organisationId) },
    }),
    foreign: async (w) => [
      {
        label: "the stranger's organisation",
        call: {
          params: { id: w.foreign.organisationId },
          body: {
            name: 'Vreemde Organisatie',
            version: await w.administration.organisationVersion(w.foreign.organisationId),
          },
        },
        aim: 'stranger',
      },
      {
        label: 'an organisation that does not exist',
        call: { params: { id: w.missing.organisationId }, body: { name: 'Niemand', version: 1 } },
        aim: 'nowhere',
      },
    ],
  },
  'GET /liftwacht/admin/access-grants': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'POST /liftwacht/admin/access-grants': {
    own: async (w) => {
      await w.administration.setGrant(false);
      return {
        body: {
          organisationId: w.administration.inspectionOrganisationId,
          accessibleOrganisationId: w.own.organisationId,
        },
      };
    },
    // Only system-admin may grant, and it reaches every organisation: what is left is ids no row has.
    foreign: (w) => [
      {
        label: 'from an organisation that does not exist',
        call: { body: { organisationId: w.missing.organisationId, accessibleOrganisationId: w.own.organisationId } },
        aim: 'nowhere',
      },
      {
        label: 'to an organisation that does not exist',
        call: {
          body: {
            organisationId: w.administration.inspectionOrganisationId,
            accessibleOrganisationId: w.missing.organisationId,
          },
        },
        aim: 'nowhere',
      },
    ],
  },
  'DELETE /liftwacht/admin/access-grants/{organisationId}/{accessibleOrganisationId}': {
    own: async (w) => {
      await w.administration.setGrant(true);
      return {
        params: {
          organisationId: w.administration.inspectionOrganisationId,
          accessibleOrganisationId: w.own.organisationId,
        },
      };
    },
    foreign: (w) => [
      {
        label: 'a grant that does not exist',
        call: {
          params: { organisationId: w.missing.organisationId, accessibleOrganisationId: w.own.organisationId },
        },
        aim: 'nowhere',
      },
    ],
  },
  'GET /liftwacht/admin/users': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'GET /liftwacht/admin/users/{id}': {
    own: (w) => ({ params: { id: w.administration.own.userId } }),
    foreign: (w) => [
      { label: "the stranger's person", call: { params: { id: w.administration.foreign.userId } }, aim: 'stranger' },
      { label: 'a person who does not exist', call: { params: { id: w.missing.organisationId } }, aim: 'nowhere' },
    ],
  },
  'POST /liftwacht/admin/users': {
    own: (w) => invitation(w, w.own.organisationId),
    foreign: (w) => otherOrganisations(w, (organisationId) => invitation(w, organisationId)),
  },
  'PATCH /liftwacht/admin/users/{id}': personChange('userId', { name: 'Harnas Doelpersoon' }),
  'POST /liftwacht/admin/users/{id}/disable': personChange('userId'),
  'POST /liftwacht/admin/users/{id}/enable': personChange('userId'),
  'POST /liftwacht/admin/users/{id}/invitation': personChange('invitedUserId'),
  // Lifts in spreadsheets (issue 17). Each import apply creates one lift named by the harness.
  'GET /liftwacht/admin/lift-imports/template': {
    own: () => ({ query: { format: 'xlsx', language: 'nl' } }),
    foreign: { none: 'the template is the same for every organisation' },
  },
  'POST /liftwacht/admin/lift-imports': {
    own: (w) => ({ multipart: liftImportUpload(w.own.organisationId) }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ multipart: liftImportUpload(organisationId) })),
  },
  'GET /liftwacht/admin/lift-imports/{id}': liftImportCall(),
  'POST /liftwacht/admin/lift-imports/{id}/apply': liftImportCall(),
  'POST /liftwacht/lift/export': {
    own: (w) => ({ body: { format: 'csv', organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ body: { format: 'xlsx', organisationId } })),
  },
  // QR stickers (issue 18): the sheet of the own organisation, of every lift or of the chosen ones.
  'POST /liftwacht/admin/lift-stickers': {
    own: (w) => ({ body: { organisationId: w.own.organisationId, liftIds: [w.own.liftId] } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ body: { organisationId, language: 'en-GB' } })),
  },
  'GET /liftwacht/admin/audit-log': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'POST /liftwacht/admin/lifts': {
    own: (w) => newLift(w.own.organisationId),
    foreign: (w) => otherOrganisations(w, newLift),
  },
  'PATCH /liftwacht/admin/lifts/{id}': {
    own: (w) => liftEdit(w, w.own.liftId),
    foreign: async (w) => [
      { label: "the stranger's lift", call: await liftEdit(w, w.foreign.liftId), aim: 'stranger' },
      {
        label: 'a lift that does not exist',
        call: { params: { id: w.missing.liftId }, body: { hasFlow: false, version: 1 } },
        aim: 'nowhere',
      },
    ],
  },
  // Sense modules (issue 17). The spare module goes into the free lift (and stays: a repeat is a
  // no-op) and gets new keys; the own lift's module keeps the key POST /ingest is called with.
  'GET /liftwacht/admin/modules': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'GET /liftwacht/admin/modules/{id}': {
    own: (w) => ({ params: { id: w.senseModules.ownModuleId } }),
    foreign: (w) => [
      { label: "the stranger's module", call: { params: { id: w.senseModules.foreignModuleId } }, aim: 'stranger' },
      { label: 'a module that does not exist', call: { params: { id: w.missing.liftId } }, aim: 'nowhere' },
    ],
  },
  'POST /liftwacht/admin/modules': {
    own: (w) => ({ body: { esNumber: w.senseModules.newEsNumber(), organisationId: w.own.organisationId } }),
    foreign: (w) => [
      ...otherOrganisations(w, (organisationId) => ({
        body: { esNumber: w.senseModules.newEsNumber(), organisationId },
      })),
      {
        label: 'a lift that does not exist',
        call: { body: { esNumber: w.senseModules.newEsNumber(), liftId: w.missing.liftId } },
        aim: 'nowhere',
      },
    ],
  },
  // The stranger's module is "moved" to the lift it is in: for system-admin a no-op that answers 200.
  'POST /liftwacht/admin/modules/{id}/link': moduleChange((w, own) => ({
    liftId: own ? w.senseModules.freeLiftId : w.foreign.liftId,
  })),
  'POST /liftwacht/admin/modules/{id}/key': moduleChange(() => ({})),
  'GET /liftwacht/admin/unregistered-modules': {
    own: () => ({}),
    foreign: { none: 'ES numbers nobody registered belong to no organisation' },
  },
  // Webhooks (issue 19): the own organisation's endpoints only (an admin of a maintenance company
  // does not manage its clients' webhooks); system-admin every organisation's.
  'GET /liftwacht/admin/webhooks': {
    own: (w) => ({ query: { organisationId: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId } })),
  },
  'POST /liftwacht/admin/webhooks': {
    own: (w) => ({ body: { organisationId: w.own.organisationId, url: w.webhooks.url, kinds: ['call.ended'] } }),
    foreign: (w) =>
      otherOrganisations(w, (organisationId) => ({
        body: { organisationId, url: w.webhooks.url, kinds: ['call.ended'] },
      })),
  },
  'GET /liftwacht/admin/webhooks/{id}': webhookCall(),
  'PATCH /liftwacht/admin/webhooks/{id}': webhookCall(async (w, id) => ({
    description: 'Harnas gewijzigd',
    ...(await webhookVersion(w, id)),
  })),
  'DELETE /liftwacht/admin/webhooks/{id}': {
    own: async (w) => ({ params: { id: await w.webhooks.newEndpoint(w.own.organisationId) } }),
    foreign: async (w) => [
      {
        label: "the stranger's webhook",
        call: { params: { id: await w.webhooks.newEndpoint(w.foreign.organisationId) } },
        aim: 'stranger',
      },
      { label: 'a webhook that does not exist', call: { params: { id: w.missing.organisationId } }, aim: 'nowhere' },
    ],
  },
  'POST /liftwacht/admin/webhooks/{id}/secret': webhookCall(webhookVersion),
  'POST /liftwacht/admin/webhooks/{id}/test': webhookCall(),
  'GET /liftwacht/admin/webhooks/{id}/deliveries': webhookCall(),
  'POST /liftwacht/admin/webhooks/{id}/deliveries/{deliveryId}/resend': {
    own: (w) => ({ params: { id: w.webhooks.own.endpointId, deliveryId: w.webhooks.own.deliveryId } }),
    foreign: (w) => [
      {
        label: "the stranger's delivery",
        call: { params: { id: w.webhooks.foreign.endpointId, deliveryId: w.webhooks.foreign.deliveryId } },
        aim: 'stranger',
      },
      {
        label: "the stranger's delivery under the own webhook",
        call: { params: { id: w.webhooks.own.endpointId, deliveryId: w.webhooks.foreign.deliveryId } },
        aim: 'nowhere',
      },
      {
        label: 'a delivery that does not exist',
        call: { params: { id: w.webhooks.own.endpointId, deliveryId: w.missing.eventId } },
        aim: 'nowhere',
      },
    ],
  },
  // Escalation limits (issue 19). A change sends the limits back with the version the organisation
  // has now: each call is a fresh, valid edit that leaves the limits as they were.
  'GET /liftwacht/organisations/{id}/escalation-settings': {
    own: (w) => ({ params: { id: w.own.organisationId } }),
    foreign: (w) => otherOrganisations(w, (id) => ({ params: { id } })),
  },
  'PUT /liftwacht/organisations/{id}/escalation-settings': {
    own: async (w) => escalationLimits(w, w.own.organisationId),
    foreign: async (w) => [
      {
        label: "the stranger's organisation",
        call: await escalationLimits(w, w.foreign.organisationId),
        aim: 'stranger',
      },
      {
        label: 'an organisation that does not exist',
        call: { params: { id: w.missing.organisationId }, body: { firstMinutes: 5, secondMinutes: 15, version: 1 } },
        aim: 'nowhere',
      },
    ],
  },
  // Exports (issue 20): every list as a file, with the list's own filters and scope.
  'GET /liftwacht/events/export': {
    own: (w) => ({ query: { organisationId: w.own.organisationId, showClosed: 'true', format: 'csv' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId, format: 'xlsx' } })),
  },
  'GET /liftwacht/calls/export': {
    own: (w) => ({ query: { organisationId: w.own.organisationId, ...dateRange, format: 'csv' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId, format: 'xlsx' } })),
  },
  'GET /liftwacht/calls/current/export': {
    own: (w) => ({ query: { organisationId: w.own.organisationId, format: 'xlsx' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId, format: 'csv' } })),
  },
  'GET /liftwacht/lift/{id}/visits/export': liftRead({ format: 'csv' }),
  'GET /liftwacht/lift/{id}/logbook/export': liftRead({ format: 'xlsx' }),
  'GET /liftwacht/stats/details/export': {
    own: (w) => ({ query: { type: 'intercomUnavailable', organisationId: w.own.organisationId, format: 'csv' } }),
    foreign: (w) =>
      otherOrganisations(w, (organisationId) => ({
        query: { type: 'intercomUnavailable', organisationId, format: 'xlsx' },
      })),
  },
  'GET /liftwacht/stats/compare/export': {
    own: (w) => ({
      query: { organisationId: w.own.organisationId, periods: comparedPeriods, format: 'csv', language: 'en-GB' },
    }),
    foreign: (w) =>
      otherOrganisations(w, (organisationId) => ({
        query: { organisationId, periods: comparedPeriods, format: 'xlsx' },
      })),
  },
  // Metrics (issue 21): the harness world has no METRICS_TOKEN, so the route does not exist there
  // (404); its bearer token is checked in modules/metrics/metrics.routes.test.ts.
  'GET /liftwacht/metrics': {
    own: () => ({}),
    foreign: { none: 'public to a scraper with METRICS_TOKEN, no organisation' },
    ownAnswers: 404,
  },
};

/** The organisation's default escalation limits, with the version it has now. */
async function escalationLimits(w: SecurityWorld, id: number): Promise<RouteCall> {
  return {
    params: { id },
    body: { firstMinutes: 5, secondMinutes: 15, version: await w.administration.organisationVersion(id) },
  };
}
