// The whole data model of DESIGN §3. Later features fill tables that exist from the start, so
// migrations stay additive and every feature finds its table already there.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Binary content (uploaded files); drizzle has no built-in bytea column. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  // owner | client | maintenance | inspection
  type: text('type').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  // Optimistic concurrency: an edit names the version it started from; a stale one answers 409.
  version: integer('version').notNull().default(1),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  // Alarm escalation (issue 19): an entrapment not acknowledged within the first, and again within
  // the second limit, mails the users subscribed to escalations.
  escalationFirstMinutes: integer('escalation_first_minutes').notNull().default(5),
  escalationSecondMinutes: integer('escalation_second_minutes').notNull().default(15),
});

export const organisationAccess = pgTable(
  'organisation_access',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accessibleOrganisationId: integer('accessible_organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.accessibleOrganisationId] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    // As typed; compared and unique by email_key.
    email: text('email').notNull(),
    name: text('name').notNull(),
    // One spelling per person (lib/identifiers.ts): the username and email normalised, and the
    // username's UTS #39 skeleton, each unique. The server writes them; the start-up re-keys rows
    // written without them (modules/auth/identifier-report.ts). null: an older user holds the key
    // (data from before the rule), which the start-up reports.
    usernameKey: text('username_key'),
    usernameSkeleton: text('username_skeleton'),
    emailKey: text('email_key'),
    // null while an invitation is open: nobody can log in as the user until they set a password.
    passwordHash: text('password_hash'),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    // nl | en-GB | en-US
    locale: text('locale').notNull().default('nl'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_username_skeleton_unique').on(t.usernameSkeleton),
    uniqueIndex('users_email_key_unique').on(t.emailKey),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  // admin | user | client-light | monteur
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

// Server-side sessions: every access token names one, so logout and password reset can revoke it.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    // reset (30 minutes, asked for by the user) | invitation (7 days, sent by an administrator)
    purpose: text('purpose').notNull().default('reset'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const lifts = pgTable(
  'lifts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    city: text('city'),
    buildingName: text('building_name'),
    sbclId: text('sbcl_id'),
    serialNumber: text('serial_number'),
    ownerNumber: text('owner_number'),
    inspectionNumber: text('inspection_number'),
    installerNumber: text('installer_number'),
    telephoneNumber: text('telephone_number'),
    manufacturerNumber: text('manufacturer_number'),
    // null = no intercom (alarm phone) fitted
    liftType: text('lift_type'),
    hasFlow: boolean('has_flow').notNull().default(false),
    maintenanceIntervalDays: integer('maintenance_interval_days').notNull().default(90),
    // rides since the last maintenance above which servicecounterMaintenanceAlert counts the lift
    serviceRideThreshold: integer('service_ride_threshold').notNull().default(20000),
    commissionedOn: date('commissioned_on', { mode: 'string' }),
    // From this local day on the lift is out of service: it leaves current counts and every period
    // that starts on or after it; what it recorded before stays readable. null = in service.
    decommissionedOn: date('decommissioned_on', { mode: 'string' }),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    // When the lift was added (migration 0033 dated the lifts already there from the audit log): the
    // start of its maintenance interval while it has neither a commissioning date nor a visit.
    createdAt: tstz('created_at').notNull().defaultNow(),
    // Optimistic concurrency for edits (DESIGN §7): a stale version answers 409.
    version: integer('version').notNull().default(1),
    // Every searchable field in one lower-case, accent-folded text, kept by the database on every
    // write, so the lift search is case- and accent-insensitive without an extension (pg_trgm and
    // unaccent are not available on every PGlite). liftwacht_fold() comes from migration 0001.
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(
        `liftwacht_fold(${[
          'name',
          'address',
          // "3511 AB" and "3511AB" both find a postal code
          "coalesce(postal_code, '') || ' ' || coalesce(replace(postal_code, ' ', ''), '')",
          ...[
            'city',
            'building_name',
            'sbcl_id',
            'serial_number',
            'owner_number',
            'inspection_number',
            'installer_number',
            'telephone_number',
            'manufacturer_number',
          ].map((column) => `coalesce(${column}, '')`),
        ].join(" || ' | ' || ")})`,
      ),
    ),
    // The lift's own fields as the opening of its contract JSON (modules/lifts/lift-json-sql.ts:
    // `{"id" : …, "version" : …` without the closing brace), written once per write by the database
    // instead of on every read of the lift list. liftwacht_lift_own_json() comes from migration 0029.
    ownJson: text('own_json')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `liftwacht_lift_own_json(${[
            'id',
            'organisation_id',
            'name',
            'address',
            'postal_code',
            'city',
            'building_name',
            'sbcl_id',
            'serial_number',
            'owner_number',
            'inspection_number',
            'installer_number',
            'telephone_number',
            'manufacturer_number',
            'updated_at',
            'lift_type',
            'has_flow',
            'maintenance_interval_days',
            'service_ride_threshold',
            'commissioned_on',
            'decommissioned_on',
            'version',
          ].join(', ')})`,
        ),
      ),
  },
  (t) => [
    index('lifts_organisation_idx').on(t.organisationId),
    // The lift list's default order (name, ignoring case and accents): a page without a search
    // reads only its rows. Must match the ORDER BY of modules/lifts/lifts.repository.ts.
    index('lifts_name_sort_idx').on(t.organisationId, sql`nullif(liftwacht_fold(${t.name}), '')`, t.name, t.id),
  ],
);

export const modules = pgTable(
  'modules',
  {
    id: serial('id').primaryKey(),
    esNumber: text('es_number').notNull().unique(),
    // The lift it is fitted in now; module_links keeps every link with its dates.
    liftId: integer('lift_id').references(() => lifts.id, { onDelete: 'set null' }),
    // The organisation that registered it (the installer): who sees it while it is in no lift.
    organisationId: integer('organisation_id').references(() => organisations.id),
    firmware: text('firmware'),
    // per-module secret for POST /ingest, stored hashed
    keyHash: text('key_hash'),
    keyRotatedAt: tstz('key_rotated_at'),
    lastSeenAt: tstz('last_seen_at'),
    connected: boolean('connected').notNull().default(false),
    // The last provisioning (config) message as the module sent it, and when.
    lastProvisioning: jsonb('last_provisioning').$type<Record<string, unknown>>(),
    lastProvisioningAt: tstz('last_provisioning_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    // Made by the demo seed: the only modules the demo simulator speaks for. A module registered
    // through the API or an import is real, and nothing but the module itself may report for it.
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [index('modules_lift_idx').on(t.liftId), index('modules_organisation_idx').on(t.organisationId)],
);

/**
 * Which lift a module was fitted in, and when (DESIGN §7 "history is kept"): readings, events and
 * counters are stored against the lift at ingest time, so a move never rewrites the past; these
 * rows say where the module was. An open link (unlinked_at null) matches modules.lift_id.
 */
export const moduleLinks = pgTable(
  'module_links',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    linkedAt: tstz('linked_at').notNull().defaultNow(),
    unlinkedAt: tstz('unlinked_at'),
  },
  (t) => [
    index('module_links_module_idx').on(t.moduleId, t.linkedAt),
    index('module_links_lift_idx').on(t.liftId, t.linkedAt),
    // At most one open link per module and per lift: one module per lift at a time.
    uniqueIndex('module_links_open_module_idx')
      .on(t.moduleId)
      .where(sql`${t.unlinkedAt} is null`),
    uniqueIndex('module_links_open_lift_idx')
      .on(t.liftId)
      .where(sql`${t.unlinkedAt} is null`),
  ],
);

/** Ingest for an ES number nobody registered: counted, for administrators to claim. */
export const unregisteredModules = pgTable('unregistered_modules', {
  esNumber: text('es_number').primaryKey(),
  firstSeenAt: tstz('first_seen_at').notNull(),
  lastSeenAt: tstz('last_seen_at').notNull(),
  messages: bigint('messages', { mode: 'number' }).notNull().default(0),
  // module | provisioning | batch (POST /ingest)
  lastKind: text('last_kind'),
});

/**
 * A lift import between upload and apply (DESIGN §7 files): the uploaded file itself, so any node
 * can build the preview again and apply exactly what was previewed.
 */
export const liftImports = pgTable(
  'lift_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    // csv | xlsx, decided by content
    format: text('format').notNull(),
    // The uploaded file, of imports stored before `sheet` (migration 0037); new imports keep no file
    content: bytea('content'),
    // The rows as read, gzipped JSON (lift-spreadsheets/stored-sheet.ts)
    sheet: bytea('sheet'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    appliedAt: tstz('applied_at'),
    // { created, updated } once applied
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [index('lift_imports_organisation_idx').on(t.organisationId, t.createdAt)],
);

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    startedAt: tstz('started_at').notNull(),
    // null = still open
    endedAt: tstz('ended_at'),
    closed: boolean('closed').notNull().default(false),
    floor: smallint('floor'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    sourceMessageId: text('source_message_id').unique(),
    // Not yet seen by the webhook outbox (modules/webhooks/webhook-outbox.ts). A column default, so
    // every writer (ingest, the health job, rules) marks new events without knowing of webhooks.
    webhookPending: boolean('webhook_pending').notNull().default(true),
  },
  (t) => [
    // ended_at and the open events' started_at in the keys: the dashboard reads a lift's events
    // of a kind by their end, and the open ones by their start, from the index alone (no heap page
    // per event; closing an event already changes an indexed column, so no update becomes non-HOT)
    index('events_lift_type_started_idx').on(t.liftId, t.type, t.startedAt, t.endedAt),
    index('events_open_idx')
      .on(t.type, t.liftId, t.startedAt)
      .where(sql`${t.endedAt} is null`),
    index('events_started_idx').on(t.startedAt),
    index('events_webhook_pending_idx')
      .on(t.id)
      .where(sql`${t.webhookPending}`),
    // The period's unavailability events for MTBF and MTTR (dashboard alarm figures), read from the
    // index alone: the fleet's other event types are most of the table.
    index('events_unavailable_started_idx')
      .on(t.startedAt, t.liftId, t.endedAt)
      .where(sql`${t.type} = 'unavailable'`),
  ],
);

export const calls = pgTable(
  'calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    startedAt: tstz('started_at').notNull(),
    acknowledgedAt: tstz('acknowledged_at'),
    endedAt: tstz('ended_at'),
    // entrapment | false_alarm | test | other
    kind: text('kind').notNull(),
    // received | acknowledged | ended
    status: text('status').notNull(),
    // for automatic test calls: did the speaker/microphone/battery check pass
    testResult: text('test_result'),
    handledBy: text('handled_by'),
    notes: text('notes'),
    sourceMessageId: text('source_message_id').unique(),
    // Alarm handling (issue 19). Every change, by a person or a module, moves the version, so two
    // people acting on the same call at once: one wins, the other gets 409 with the fresh call.
    version: integer('version').notNull().default(1),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    // Assigned to a person, or to a maintenance company serving the lift's organisation (not both).
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedOrganisationId: integer('assigned_organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    // When the trapped passenger was freed: the time-to-free figure counts from started_at to this.
    passengerFreedAt: tstz('passenger_freed_at'),
    // A person ended the call with this kind: a module's later report does not overwrite it.
    kindConfirmed: boolean('kind_confirmed').notNull().default(false),
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('calls_lift_started_idx').on(t.liftId, t.startedAt),
    // The period's alarm calls for the dashboard's alarm figures, read from the index alone: the
    // automatic test calls, about ten times as many, are left out of it.
    index('calls_alarm_started_idx')
      .on(t.startedAt, t.liftId, t.kind, t.acknowledgedAt, t.passengerFreedAt)
      .where(sql`${t.kind} <> 'test'`),
    index('calls_open_idx')
      .on(t.liftId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * One call's lifecycle, step by step, whoever took the step: a module or alarm centre over ingest
 * (`source` module) or a person in the portal (`source` portal, with user_id). The calls row holds
 * the merged state; this is its history.
 */
export const callSteps = pgTable(
  'call_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull(),
    // received | acknowledged | assigned | note | passenger_freed | ended
    action: text('action').notNull(),
    // module | portal
    source: text('source').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data'),
    // Not yet seen by the webhook outbox, as events.webhook_pending.
    webhookPending: boolean('webhook_pending').notNull().default(true),
  },
  (t) => [
    index('call_steps_call_idx').on(t.callId, t.at),
    index('call_steps_webhook_pending_idx')
      .on(t.id)
      .where(sql`${t.webhookPending}`),
    // A module reports each phase once; a redelivered or repeated phase adds no second step.
    uniqueIndex('call_steps_module_phase_idx')
      .on(t.callId, t.action)
      .where(sql`${t.source} = 'module'`),
  ],
);

/**
 * The escalations sent: one row per call and limit (1 = first, 2 = second). The insert that claims
 * the row is the "exactly once" across nodes and restarts; the mails go out in the same transaction.
 */
export const callEscalations = pgTable(
  'call_escalations',
  {
    callId: bigint('call_id', { mode: 'number' })
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    sentAt: tstz('sent_at').notNull(),
    recipients: integer('recipients').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.callId, t.level] })],
);

export const visits = pgTable(
  'visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    // approval | failure | inspection | maintenance | modernization | other | repair | unavailable
    // | disconnected | sensecloud_disconnected | control_disconnected
    type: text('type').notNull(),
    // mechanic | inspector | approving_authority
    role: text('role').notNull(),
    // timeout | progress | finished | canceled
    state: text('state').notNull(),
    startedAt: tstz('started_at').notNull(),
    endedAt: tstz('ended_at'),
    person: text('person'),
    remarks: text('remarks'),
    // Who started it on the lift page; null for seeded, module-driven and older visits.
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    // A module's maintenance/inspection mode opened it (ingest closes it when the mode ends).
    startedByModule: boolean('started_by_module').notNull().default(false),
  },
  (t) => [
    index('visits_lift_started_idx').on(t.liftId, t.startedAt),
    // One open visit per lift per person: a second "start" by the same user is a 409 (or, with the
    // same Idempotency-Key, the first answer), and the module opens at most one of its own.
    uniqueIndex('visits_open_by_user_idx')
      .on(t.liftId, t.startedBy)
      .where(sql`${t.state} = 'progress' and ${t.startedBy} is not null`),
    uniqueIndex('visits_open_by_module_idx')
      .on(t.liftId)
      .where(sql`${t.state} = 'progress' and ${t.startedByModule}`),
    // The few visits going on right now, for the "visit in progress" status of every lift.
    index('visits_progress_idx')
      .on(t.liftId)
      .where(sql`${t.state} = 'progress'`),
    // Finished maintenance visits in (lift, time) order: the period figures' lag/lead over them
    // reads this index instead of sorting every maintenance visit of the fleet.
    index('visits_maintenance_idx')
      .on(t.liftId, t.startedAt)
      .where(sql`${t.type} = 'maintenance' and ${t.state} = 'finished'`),
  ],
);

export const inspections = pgTable(
  'inspections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
    // approved | rejected
    result: text('result').notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    body: text('body'),
    // commissioning_inspection | modification_inspection | periodic_inspection | assistance_inspection
    logType: text('log_type').notNull(),
    // Recorded in the portal (issue 18); the seeded history has none of these.
    findings: text('findings'),
    // The certificate PDF in the database, so that every node serves it (no shared disk).
    certificate: bytea('certificate'),
    certificateName: text('certificate_name'),
    certificateBytes: integer('certificate_bytes'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: tstz('recorded_at'),
  },
  (t) => [index('inspections_lift_idx').on(t.liftId, t.inspectedOn)],
);

export const logbook = pgTable(
  'logbook',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    // maintenance | repair | check | commissioning_inspection | modification_inspection
    // | periodic_inspection | assistance_inspection | other
    logType: text('log_type').notNull(),
    at: tstz('at').notNull(),
    text: text('text').notNull(),
    // Written in the portal (issue 18): its author may correct it for 24 hours after createdAt.
    // Seeded and module-written lines have neither.
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at'),
  },
  (t) => [index('logbook_lift_at_idx').on(t.liftId, t.at)],
);

// Raw counters in 15-minute buckets (recent weeks); long periods read the daily rollup.
export const counters = pgTable(
  'counters',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    // rides | energy_wh
    kind: text('kind').notNull(),
    bucketStart: tstz('bucket_start').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.liftId, t.kind, t.bucketStart] })],
);

export const dailyCounters = pgTable(
  'daily_counters',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // local (Europe/Amsterdam) calendar day
    day: date('day', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.liftId, t.kind, t.day] })],
);

// A lift's quarter hours of one closed local day as one array, so the 15-minute chart of a year reads
// ~335 rows and a month of raw buckets instead of 35,040 buckets (migration 0010). sums[i] is the
// bucket that starts (i - 1) × 15 minutes after local midnight, NULL where `counters` has none; a
// DST day has 92 or 100. A day is closed once ingest can no longer write it (messages older than
// 30 days are refused); the module-health job copies newly closed days here (meta
// 'counter_days_closed_through' holds the last day done).
export const dailyQuarterHours = pgTable(
  'daily_quarter_hours',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // local (Europe/Amsterdam) calendar day
    day: date('day', { mode: 'string' }).notNull(),
    sums: bigint('sums', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.liftId, t.kind, t.day] })],
);

// Per-lift, per-local-month running totals of daily_counters, so an organisation's energy over a
// year reads 13 rows per lift instead of 365. through_day[d] = the sum of days 1..d of the month
// (days past the month's end repeat its total), so any run of days is one subtraction. Kept by
// triggers on daily_counters (migration 0004), whichever code writes the days.
export const monthlyCounters = pgTable(
  'monthly_counters',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // first local day of the month
    month: date('month', { mode: 'string' }).notNull(),
    throughDay: bigint('through_day', { mode: 'number' }).array().notNull(),
    // the month's total, readable from the index below without the array
    total: bigint('total', { mode: 'number' }).generatedAlwaysAs(sql`through_day[31]`),
  },
  (t) => [
    primaryKey({ columns: [t.liftId, t.kind, t.month] }),
    // whole months of a period (the dashboard's energy) as an index-only scan
    index('monthly_counters_kind_month_idx').on(t.kind, t.month, t.liftId, t.total),
    // a period's partial first and last months (their running totals), index-only as well
    index('monthly_counters_kind_month_days_idx').on(t.kind, t.month, t.liftId, t.throughDay),
  ],
);

// Per lift: its last finished maintenance visit and the rides counted on the local days after that
// visit's day, so "maintenance insufficient" is one row a lift for the dashboard and the lift search
// alike. Kept by triggers on lifts, visits and daily_counters (migrations 0006 and 0030), whichever
// code writes.
export const liftMaintenanceRides = pgTable('lift_maintenance_rides', {
  liftId: integer('lift_id')
    .primaryKey()
    .references(() => lifts.id, { onDelete: 'cascade' }),
  // started_at of the latest finished maintenance visit; null = never maintained, every ride counts
  lastMaintenanceAt: tstz('last_maintenance_at'),
  ridesSince: bigint('rides_since', { mode: 'number' }).notNull().default(0),
  // The lift's service_ride_threshold, copied by the lifts triggers (migration 0030), so the
  // status needs no join with the wide lifts rows
  serviceRideThreshold: integer('service_ride_threshold').notNull(),
  // "maintenance insufficient" now; generated, so the planner has its statistics
  overThreshold: boolean('over_threshold')
    .notNull()
    .generatedAlwaysAs(sql`rides_since > service_ride_threshold`),
  // The lift's maintenance interval and where it runs from without a visit (commissioning at local
  // midnight, else the lift's creation), copied by the lifts triggers (migration 0033)
  maintenanceIntervalDays: integer('maintenance_interval_days').notNull(),
  maintenanceSince: tstz('maintenance_since').notNull(),
  // (last maintenance visit, else maintenanceSince) + 110 % of the interval: past it the interval
  // is exceeded, "maintenance insufficient" (docs/dashboard-rules.md)
  maintenanceExceededAt: tstz('maintenance_exceeded_at').notNull(),
});

/**
 * What a lift page shows beside the lift's own columns, one row a lift, kept by triggers on lifts,
 * inspections and modules (migration 0026): the lift list reads a page as one index range joined by
 * primary key instead of three lateral lookups a lift. module_id has no foreign key: the modules
 * triggers keep it, and a dangling id could only join nothing.
 */
export const liftFacts = pgTable('lift_facts', {
  liftId: integer('lift_id')
    .primaryKey()
    .references(() => lifts.id, { onDelete: 'cascade' }),
  // Latest valid_until of an approving inspection (past it the inspection has expired)
  inspectionValidUntil: date('inspection_valid_until', { mode: 'string' }),
  // The most recent inspection by inspected_on (then id): its day, result and validity
  lastInspectedOn: date('last_inspected_on', { mode: 'string' }),
  lastResult: text('last_result'),
  lastValidUntil: date('last_valid_until', { mode: 'string' }),
  // ... and its kind (inspections.log_type), for the lift export (migration 0035)
  lastLogType: text('last_log_type'),
  // The module fitted in the lift; after a swap the one heard from last (then the highest id)
  moduleId: integer('module_id'),
  // When the next inspection is due: inspectionValidUntil, else 12 months after commissioning; null
  // = unknown (neither), its own state (migration 0033, docs/dashboard-rules.md)
  inspectionDueOn: date('inspection_due_on', { mode: 'string' }),
  // inspectionValidUntil and lastInspection as members of the lift's contract JSON
  // (`"inspectionValidUntil" : …, "lastInspection" : …`), written with the row (migration 0029).
  inspectionJson: text('inspection_json')
    .notNull()
    .generatedAlwaysAs(
      sql`liftwacht_lift_inspection_json(inspection_valid_until, last_inspected_on, last_result, last_valid_until)`,
    ),
});

// Per-lift, per-day unavailable seconds inside the 07–19 business window, kept next to the events
// so a year's availability never scans raw intervals; the stats engine recomputes exactly on demand.
export const dailyAvailability = pgTable(
  'daily_availability',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    // unavailable | intercom_unavailable
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    // unavailable seconds per local hour 0..23 of that day
    hourSeconds: doublePrecision('hour_seconds').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.liftId, t.kind, t.day] }),
    // the days of a period's partial months, which the monthly sums cannot answer, for a whole
    // fleet: covering (the array is a key column, as drizzle has no INCLUDE), so an index-only scan
    // reads them in day order instead of one heap page per lift-day
    index('daily_availability_day_cover_idx').on(t.day, t.kind, t.liftId, t.hourSeconds),
  ],
);

// daily_availability summed per lift and kind over each local month, each year to date and each
// rest of a year, so any run of whole months reads one or two rows a lift (a rolling year two)
// instead of one per day with an outage. Rebuilt with the daily rows (refreshAvailabilityRollup,
// through the SQL function of migration 0009).
export const monthlyAvailability = pgTable(
  'monthly_availability',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // first day of the block's first local month
    month: date('month', { mode: 'string' }).notNull(),
    // the block's length: 1 (a month); from January 2..12 (a year to date); from February to
    // November up to December (the rest of the year)
    months: smallint('months').notNull(),
    // running total over the local hours: element h + 1 = unavailable seconds in hours 0..h-1 of
    // the block's days (25 elements, the first 0), so business hours s..e-1 are one subtraction
    throughHour: doublePrecision('through_hour').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.liftId, t.kind, t.month, t.months] }),
    // the blocks of one period, read for the whole fleet as an index-only scan (covering, as above)
    index('monthly_availability_block_cover_idx').on(t.month, t.months, t.kind, t.liftId, t.throughHour),
  ],
);

// Every finished maintenance visit with the one before and after it on the same lift, so the period
// figures (on time within ±10 % of the interval, overdue gaps) need no window over all visits. Kept
// by statement triggers on visits (migration 0007), whichever code writes.
export const maintenanceGaps = pgTable(
  'maintenance_gaps',
  {
    visitId: bigint('visit_id', { mode: 'number' })
      .primaryKey()
      .references(() => visits.id, { onDelete: 'cascade' }),
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    startedAt: tstz('started_at').notNull(),
    previousAt: tstz('previous_at'),
    nextAt: tstz('next_at'),
    // seconds since the previous maintenance visit; null for a lift's first
    gapSeconds: doublePrecision('gap_seconds'),
  },
  (t) => [index('maintenance_gaps_lift_idx').on(t.liftId, t.startedAt)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    // null = every lift of the organisation
    liftId: integer('lift_id').references(() => lifts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull().default('email'),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId), index('subscriptions_type_idx').on(t.eventType)],
);

// Who is mailed when an entrapment escalates (issue 19): a subscription of its own kind beside the
// event types, since an escalation is no event (nothing is stored in events), for every lift the
// user may access (lift_id null) or for chosen lifts.
export const escalationSubscriptions = pgTable(
  'escalation_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // null = every lift the user may access
    liftId: integer('lift_id').references(() => lifts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('escalation_subscriptions_user_idx').on(t.userId)],
);

// Outgoing notification mails, so a failed send is retried and never blocks the event.
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_queue_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

// A file sent with a queued mail (a scheduled report's PDF), stored with it so that a retry on any
// node, after any restart, sends the same bytes.
export const mailAttachments = pgTable('mail_attachments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  mailId: bigint('mail_id', { mode: 'number' })
    .notNull()
    .references(() => mailQueue.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
});

// The organisation reports a user built on the report page (and scheduled reports too large to
// mail), PDF bytes in the database so that every node serves them; the last few per user are kept.
export const savedReports = pgTable(
  'saved_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    // nl | en
    language: text('language').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('saved_reports_user_idx').on(t.userId, t.createdAt)],
);

// Scheduled organisation reports ("Meldingen"): one row per user, organisation and cadence.
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // monthly | quarterly
    cadence: text('cadence').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organisationId, t.cadence] })],
);

// One row per subscriber, organisation, cadence and period: the unique key is the exactly-once claim
// across nodes and restarts; the mail it queued carries the retries.
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    cadence: text('cadence').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    mailId: bigint('mail_id', { mode: 'number' }).references(() => mailQueue.id, { onDelete: 'set null' }),
    // Why no mail was queued (the subscriber lost access, or the organisation has no lifts).
    skipped: text('skipped'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [uniqueIndex('report_deliveries_once').on(t.userId, t.organisationId, t.cadence, t.periodFrom)],
);

export const senseConfiguration = pgTable(
  'sense_configuration',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    moduleType: text('module_type'),
  },
  (t) => [uniqueIndex('sense_configuration_type_key').on(t.type, t.key, t.moduleType)],
);

// An organisation's own names and units for module readings (f0…, e0…), over the built-in
// defaults of the standard readings (modules/sense-labels). One row per organisation and key; a
// name per language, either may be empty (then that language keeps its default, or the other name).
export const senseLabels = pgTable(
  'sense_labels',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    nameNl: text('name_nl'),
    nameEn: text('name_en'),
    unit: text('unit'),
    version: integer('version').notNull().default(1),
    updatedAt: tstz('updated_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('sense_labels_organisation_key').on(t.organisationId, t.key)],
);

// Latest sense reading per module field, for the lift page's sense data panel.
export const senseData = pgTable(
  'sense_data',
  {
    liftId: integer('lift_id')
      .notNull()
      .references(() => lifts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liftId, t.key] })],
);

// Every accepted module message id, so a redelivered QoS 1 message is stored exactly once.
export const ingestedMessages = pgTable(
  'ingested_messages',
  {
    messageId: text('message_id').primaryKey(),
    esNumber: text('es_number').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  // The health job forgets ids older than 31 days; without this it scans every id ever kept.
  (t) => [index('ingested_messages_received_idx').on(t.receivedAt)],
);

// Every administrative change (DESIGN §7): appended in the transaction of the change it records.
// A trigger (migration 0011) refuses updates and deletes, so no code path can rewrite history.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    // Who: null for the server itself (first-run setup, the admin command line).
    userId: integer('user_id').references(() => users.id),
    // Whose: the organisation the changed object belongs to, which its administrators may read.
    organisationId: integer('organisation_id').references(() => organisations.id),
    ip: text('ip'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_organisation_at_idx').on(t.organisationId, t.at.desc()),
    index('audit_log_at_idx').on(t.at.desc()),
  ],
);

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Answers of writes made with an Idempotency-Key (plugins/idempotency.ts): a repeat of the key by
 * the same user gets the stored answer instead of writing again. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    // METHOD + route + path parameters: the same key on another request is refused, not replayed.
    request: text('request').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/**
 * Webhook endpoints (issue 19): where an organisation wants its call and event kinds posted. The
 * secret is sealed with a key derived from JWT_SECRET (modules/webhooks/webhook-secrets.ts): the
 * server must compute HMACs with it, so it cannot be a one-way hash, but a database dump alone
 * does not reveal it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    kinds: text('kinds').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    secretCreatedAt: tstz('secret_created_at').notNull(),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('webhook_endpoints_organisation_idx').on(t.organisationId)],
);

/**
 * One body for one endpoint and its attempts: a durable queue (SKIP LOCKED leases, DESIGN §7).
 * (endpoint, subject_key) is unique, so a subject (a call's phase, an event's opening) is queued
 * once per endpoint however often, and by however many nodes, it is seen.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id').notNull().unique(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    body: text('body').notNull(),
    // pending | delivered | failed
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    // When the next attempt is due (pending only); attempts stop 24 hours after created_at.
    nextAttemptAt: tstz('next_attempt_at'),
    // A node sending it holds it until then; a node that died lets it go when the lease runs out.
    leaseUntil: tstz('lease_until'),
    lastAttemptAt: tstz('last_attempt_at'),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    lastError: text('last_error'),
    deliveredAt: tstz('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_subject_idx').on(t.endpointId, t.subjectKey),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Events the outbox announced as opened to an organisation with an endpoint for event.closed, until
 * it sees them end: ingest ends events with an UPDATE that sets no marker, so closings are found by
 * watching these few rows instead of every event.
 */
export const webhookEventWatch = pgTable('webhook_event_watch', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  organisationId: integer('organisation_id').notNull(),
});
