// Turns what arrives (an MQTT topic and payload, or one item of an HTTP batch) into a validated
// module message, or says why not. Nothing here throws: a bad message is an answer, not an error.
import {
  esNumberSchema,
  ingestBatchItemSchema,
  moduleMessageSchema,
  moduleTopicPrefix,
  provisioningMessageSchema,
  type IngestRejectionReason,
  type ModuleMessage,
  type ModuleMessageKind,
  type ProvisioningMessage,
} from '@liftwacht/contracts/ingest';
import type { z } from 'zod';

interface ParsedBase {
  es: string;
  /** Idempotency key: message ids are unique per module. */
  key: string;
  /** When the module observed it, never later than when it arrived. */
  at: Date;
}

export type ParsedMessage =
  | (ParsedBase & { kind: 'module'; message: ModuleMessage })
  | (ParsedBase & { kind: 'provisioning'; message: ProvisioningMessage });

export interface Rejection {
  reason: IngestRejectionReason;
  message: string;
}

export type ParseResult = { ok: true; parsed: ParsedMessage } | { ok: false; rejection: Rejection };

/** Module clocks drift a little; further ahead than this is a broken clock. */
const maxClockAheadMs = 5 * 60_000;
/** Modules buffer while offline, but not for ever; older messages would rewrite settled history. */
export const maxMessageAgeMs = 30 * 24 * 3600_000;

const maxPayloadBytes = 64 * 1024;

/** `liftwacht/modules/{es}/{kind}` → es and kind, or null for any other topic. */
export function parseModuleTopic(topic: string): { es: string; kind: ModuleMessageKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0] ?? ''}/${parts[1] ?? ''}` !== moduleTopicPrefix) return null;
  const [, , es, kind] = parts;
  if (es === undefined || !esNumberSchema.safeParse(es).success) return null;
  if (kind !== 'module' && kind !== 'provisioning') return null;
  return { es, kind };
}

function invalid(message: string): ParseResult {
  return { ok: false, rejection: { reason: 'invalid', message } };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the contract';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'message';
  return `${where}: ${issue.message}`;
}

function withTime(es: string, parsed: ModuleMessage | ProvisioningMessage, now: Date) {
  const observed = new Date(parsed.t);
  if (observed.getTime() > now.getTime() + maxClockAheadMs) {
    return { error: { reason: 'in_future', message: `t is more than 5 minutes ahead of the server` } as Rejection };
  }
  if (observed.getTime() < now.getTime() - maxMessageAgeMs) {
    return { error: { reason: 'too_old', message: 't is more than 30 days old' } as Rejection };
  }
  // A little ahead is drift: count it as now, so nothing starts in the future.
  const at = observed > now ? now : observed;
  return { base: { es, key: `${es}:${parsed.id}`, at } };
}

/** One MQTT publish. */
export function parseMqttMessage(topic: string, payload: Buffer, now: Date): ParseResult {
  const route = parseModuleTopic(topic);
  if (!route) return invalid(`topic ${topic.slice(0, 120)} is not liftwacht/modules/{es}/module|provisioning`);
  if (payload.length > maxPayloadBytes) return invalid('payload larger than 64 KiB');
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return invalid('payload is not JSON');
  }
  return parseMessage(route.es, route.kind, json, now);
}

/** A decoded message of a known module and kind. */
export function parseMessage(es: string, kind: ModuleMessageKind, json: unknown, now: Date): ParseResult {
  if (kind === 'module') {
    const result = moduleMessageSchema.safeParse(json);
    if (!result.success) return invalid(describe(result.error));
    const timed = withTime(es, result.data, now);
    if (timed.error) return { ok: false, rejection: timed.error };
    return { ok: true, parsed: { ...timed.base, kind, message: result.data } };
  }
  const result = provisioningMessageSchema.safeParse(json);
  if (!result.success) return invalid(describe(result.error));
  const timed = withTime(es, result.data, now);
  if (timed.error) return { ok: false, rejection: timed.error };
  return { ok: true, parsed: { ...timed.base, kind, message: result.data } };
}

/** One item of `POST /ingest` from the module the key belongs to. */
export function parseBatchItem(es: string, item: unknown, now: Date): ParseResult {
  const result = ingestBatchItemSchema.safeParse(item);
  if (!result.success) return invalid(describe(result.error));
  const { kind, ...message } = result.data;
  return parseMessage(es, kind, message, now);
}
