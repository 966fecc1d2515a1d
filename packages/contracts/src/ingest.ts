// What lift modules send (DESIGN §6): one JSON message per MQTT publish on
// `liftwacht/modules/{es}/module` (what the module sees now: readings in `f`, state, counters, calls)
// or `liftwacht/modules/{es}/provisioning` (its setup: readings in `e`), or many at once in
// `POST /liftwacht/ingest`. The server validates every message against these schemas; a message that
// fails is counted and dropped, never retried. docs/realtime.md has examples.
import { z } from 'zod';
import { dataOf, isoDateTimeSchema, safeLineSchema, safeTextSchema } from './common.ts';
import type { En627EventType } from './event-types.ts';

/** DESIGN §6: a module not heard from for this long counts as not connected (`sense_disconnected`). */
export const senseSilenceMs = 10 * 60 * 1000;

export const moduleMessageKinds = ['module', 'provisioning'] as const;
export const moduleMessageKindSchema = z.enum(moduleMessageKinds);
export type ModuleMessageKind = z.infer<typeof moduleMessageKindSchema>;

/** A module number as it appears in topics and on the socket: no MQTT wildcards or separators. */
export const esNumberSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only (1–64)');

export const moduleTopicPrefix = 'liftwacht/modules';
/** The topic a module publishes a message of the given kind on. */
export const moduleTopic = (es: string, kind: ModuleMessageKind) => `${moduleTopicPrefix}/${es}/${kind}`;
/** What one server node subscribes to on the embedded broker. */
export const moduleTopicFilter = `${moduleTopicPrefix}/+/+`;
/** What server nodes subscribe to on an external broker, so the broker splits the load among them. */
export const sharedModuleTopicFilter = `$share/liftwacht/${moduleTopicFilter}`;

/** Unique per module (a UUID, or boot id + sequence number); the server stores each message once. */
export const messageIdSchema = z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'letters, digits, . _ : - only (1–100)');

/** EN 627 fault codes as the module reports them; each becomes the event type `en627_{code}`. */
export const faultCodes = [
  'emergency_stop',
  'lock_circuit_broken',
  'door_closing_fault',
  'stopped_outside_door_zone',
  'cannot_start',
  'low_control_voltage',
  'door_opening_fault',
  'main_supply_off',
  'inspection_mode',
  'alarm_button_pressed',
  'car_light_supply_off',
] as const;
export const faultCodeSchema = z.enum(faultCodes);
export type FaultCode = z.infer<typeof faultCodeSchema>;

/** The event type a fault code opens; the compiler checks both lists stay in step. */
export const faultEventType = (code: FaultCode): En627EventType => `en627_${code}`;

const scalarSchema = z.union([safeLineSchema(200), z.number(), z.boolean(), z.null()]);

/**
 * Numbered readings (`f0`…`f99` in module messages, `e0`…`e99` in provisioning messages), labelled
 * for people by `GET /liftwacht/sense/configuration?type=label`. The server keeps the latest value of
 * each as the lift's sense data and passes them on to browsers as they are.
 */
const readingsSchema = (prefix: 'f' | 'e') =>
  z
    .record(z.string().regex(new RegExp(`^${prefix}\\d{1,2}$`), `keys ${prefix}0…${prefix}99`), scalarSchema)
    .refine((r) => Object.keys(r).length <= 100, 'at most 100 readings');

export const moduleReadingsSchema = readingsSchema('f');
export const provisioningReadingsSchema = readingsSchema('e');

const floorSchema = z.number().int().min(-20).max(250);

/** An alarm call (EN 81-28) moving through received → acknowledged → ended. */
export const alarmCallReportSchema = z.object({
  /** The module's id of the call, the same in every phase; phases may arrive out of order. */
  callId: messageIdSchema,
  phase: z.enum(['received', 'acknowledged', 'ended']),
  /** What the alarm centre made of it, once known. */
  kind: z.enum(['entrapment', 'false_alarm', 'other']).optional(),
  handledBy: safeLineSchema(100).min(1).optional(),
  notes: safeTextSchema(2000).optional(),
});
export type AlarmCallReport = z.infer<typeof alarmCallReportSchema>;

export const testResults = ['ok', 'speaker', 'microphone', 'battery'] as const;
export type TestResult = (typeof testResults)[number];

/**
 * A finished test call of the alarm phone: `ok`, or the part that failed. Automatic tests run at
 * least every 72 hours; without a good one the intercom counts as unavailable.
 */
export const testCallReportSchema = z.object({
  result: z.enum(testResults),
  automatic: z.boolean().default(true),
  durationSeconds: z.number().int().min(0).max(3600).optional(),
  batteryVoltage: z.number().min(0).max(100).optional(),
});
export type TestCallReport = z.infer<typeof testCallReportSchema>;

const messageBase = {
  id: messageIdSchema,
  /** When the module observed it (ISO 8601 with offset). */
  t: isoDateTimeSchema,
};

/** What a module reports of its service mode (see `serviceMode` below). */
export const serviceModes = ['off', 'maintenance', 'inspection'] as const;
export const serviceModeSchema = z.enum(serviceModes);
export type ServiceMode = z.infer<typeof serviceModeSchema>;

/**
 * Topic `liftwacht/modules/{es}/module`: what the module sees now. Every key but `id`, `t` and `f`
 * is optional; a frame carries what changed plus whatever the module likes to repeat.
 *
 * State keys are levels, not edges — `faults` is the complete set active now — so a lost frame is
 * healed by the next one, and a frame older than the last one applied for a key is ignored.
 * `rides` and `energyWh` are increments since the module's previous frame.
 */
export const moduleMessageSchema = z.object({
  ...messageBase,
  f: moduleReadingsSchema,
  /** false: out of service (opens `unavailable`); true: back in service (closes it). */
  available: z.boolean().optional(),
  /** The car's floor now; events take their floor from it. */
  floor: floorSchema.optional(),
  /** Every EN 627 fault active now; each opens `en627_{code}` until a frame no longer lists it. */
  faults: z.array(faultCodeSchema).max(faultCodes.length).optional(),
  /** Every module sensor failing now, by name; each opens a `sense_failure` event. */
  sensorFailures: z
    .array(z.string().regex(/^[\p{L}\p{N}_-]{1,40}$/u))
    .max(20)
    .optional(),
  /** Rides completed since the previous frame. */
  rides: z.number().int().min(0).max(10_000).optional(),
  /** Whole watt-hours used since the previous frame (the module carries fractions over). */
  energyWh: z.number().int().min(0).max(10_000_000).optional(),
  alarmCall: alarmCallReportSchema.optional(),
  testCall: testCallReportSchema.optional(),
  /**
   * The service mode a technician switched the controller to, a level like `available`:
   * `maintenance` or `inspection` opens a visit (role mechanic, person "module") and `off` ends it
   * as finished; a switch from one mode to the other ends the first visit and opens the next.
   */
  serviceMode: serviceModeSchema.optional(),
});
export type ModuleMessage = z.infer<typeof moduleMessageSchema>;

/** Topic `liftwacht/modules/{es}/provisioning`: the module's setup, sent at boot and on change. */
export const provisioningMessageSchema = z.object({
  ...messageBase,
  e: provisioningReadingsSchema,
  /** Firmware version (also shown as a reading); kept on the module. */
  firmware: safeLineSchema(40).min(1).optional(),
});
export type ProvisioningMessage = z.infer<typeof provisioningMessageSchema>;

/** One item of an HTTP batch: a module or provisioning message with its kind. */
export const ingestBatchItemSchema = z.discriminatedUnion('kind', [
  moduleMessageSchema.extend({ kind: z.literal('module') }),
  provisioningMessageSchema.extend({ kind: z.literal('provisioning') }),
]);
export type IngestBatchItem = z.infer<typeof ingestBatchItemSchema>;

/** Header of `POST /liftwacht/ingest`: `{es}.{secret}` as printed by `npm run module-key`. */
export const moduleKeyHeader = 'x-module-key';

/**
 * `POST /liftwacht/ingest` body. Items are checked one by one, so one bad item is reported and the
 * rest are still stored.
 */
export const ingestBatchRequestSchema = z.object({ messages: z.array(z.unknown()).min(1).max(1000) });
export type IngestBatchRequest = z.infer<typeof ingestBatchRequestSchema>;

export const ingestRejectionReasons = ['invalid', 'unknown_module', 'too_old', 'in_future'] as const;
export type IngestRejectionReason = (typeof ingestRejectionReasons)[number];

export const ingestBatchResponseSchema = dataOf(
  z.object({
    accepted: z.number().int(),
    /** Already stored earlier (same message id): not stored again. */
    duplicates: z.number().int(),
    rejected: z.array(
      z.object({ index: z.number().int(), reason: z.enum(ingestRejectionReasons), message: z.string() }),
    ),
  }),
);
export type IngestBatchResponse = z.infer<typeof ingestBatchResponseSchema>;
