// How to call every operation of /liftwacht/openapi.json correctly, on the caller's own
// organisation, and how to aim the same call at another organisation or at ids that do not exist.
// The authorization matrix and the fuzz are generated from the OpenAPI document and this table;
// both fail for an operation without an entry, so every new route joins the harness here.
import type { SecurityWorld } from '../test-support/security-world.ts';

export type QueryValue = string | number | boolean | readonly (string | number)[];

/** One request to an operation, before it becomes a URL: path parameters, query, body, headers. */
export interface RouteCall {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ScopedCall {
  label: string;
  call: RouteCall;
}

export interface OperationCalls {
  /**
   * A valid call about the caller's own organisation (the owner organisation of the fixtures);
   * a role with the operation's permission gets 2xx.
   */
  own: (w: SecurityWorld) => RouteCall | Promise<RouteCall>;
  /**
   * The call aimed at the stranger organisation or its objects, and at ids no row has: 404 each
   * (never another organisation's data). Operations without an organisation or object in the
   * request say why instead.
   */
  foreign: ((w: SecurityWorld) => ScopedCall[]) | { none: string };
  /** The call ends the session it is made with (logout): it gets a fresh one each time. */
  consumesSession?: true;
}

const dateRange = { from: '2026-02-01', to: '2026-02-28' };

/** The own call with the organisation replaced by the stranger's and by one that does not exist. */
function otherOrganisations(w: SecurityWorld, call: (organisationId: number) => RouteCall): ScopedCall[] {
  return [
    { label: "the stranger's organisation", call: call(w.foreign.organisationId) },
    { label: 'an organisation that does not exist', call: call(w.missing.organisationId) },
  ];
}

function otherLifts(w: SecurityWorld, call: (liftId: number) => RouteCall): ScopedCall[] {
  return [
    { label: "the stranger's lift", call: call(w.foreign.liftId) },
    { label: 'a lift that does not exist', call: call(w.missing.liftId) },
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
      })),
    ],
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
  'GET /liftwacht/events': {
    own: (w) => ({ query: { organisationId: w.own.organisationId, showClosed: 'true' } }),
    foreign: (w) => otherOrganisations(w, (organisationId) => ({ query: { organisationId, showClosed: 'true' } })),
  },
  'GET /liftwacht/events/{id}': {
    own: (w) => ({ params: { id: w.own.eventId } }),
    foreign: (w) => [
      { label: "the stranger's event", call: { params: { id: w.foreign.eventId } } },
      { label: 'an event that does not exist', call: { params: { id: w.missing.eventId } } },
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
        call: { query: { organisationId: w.foreign.organisationId }, body: {} },
      },
    ],
  },
  'GET /liftwacht/lift/{id}': liftRead(),
  'GET /liftwacht/lift/{id}/statuses': liftRead(),
  'GET /liftwacht/lift/{id}/logbook': liftRead(),
  'GET /liftwacht/lift/{id}/counters': liftRead({ interval: 'day', ...dateRange }),
  'GET /liftwacht/lift/{id}/ride-estimate': liftRead(),
  'GET /liftwacht/lift/{id}/sense-data': liftRead(),
  'GET /liftwacht/sense/configuration': {
    own: () => ({ query: { type: 'label' } }),
    foreign: { none: 'field labels shared by every organisation' },
  },
  'GET /liftwacht/lift/{id}/visits': liftRead(),
  'GET /liftwacht/visits/{visitId}': {
    own: (w) => ({ params: { visitId: w.own.visitId } }),
    foreign: (w) => [
      { label: "the stranger's visit", call: { params: { visitId: w.foreign.visitId } } },
      { label: 'a visit that does not exist', call: { params: { visitId: w.missing.visitId } } },
    ],
  },
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
};
