// The JSON body of a delivery (docs/webhooks.md): the delivery's own id (the receiver's key for
// ignoring a repeat), the kind, when it happened, the organisation, and what the kind is about.
import type { WebhookDeliveryKind } from '@liftwacht/contracts/webhooks';

/** Something to announce to the organisation's endpoints that subscribed to its kind. */
export interface WebhookSubject {
  organisationId: number;
  kind: WebhookDeliveryKind;
  /** Once per endpoint: a second subject with this key queues nothing (e.g. `call.acknowledged:42`). */
  subjectKey: string;
  occurredAt: Date;
  /** The kind's own members (lift, call, event, …), beside id, kind, occurredAt and organisationId. */
  payload: Record<string, unknown>;
}

export function webhookBody(deliveryId: string, subject: WebhookSubject): string {
  return JSON.stringify({
    ...subject.payload,
    id: deliveryId,
    kind: subject.kind,
    occurredAt: subject.occurredAt.toISOString(),
    organisationId: subject.organisationId,
  });
}

export interface LiftPart {
  id: number;
  name: string;
  address: string;
}

export interface CallPart {
  id: number;
  status: string;
  kind: string;
  receivedAt: Date | string;
  acknowledgedAt: Date | string | null;
  endedAt: Date | string | null;
}

export interface EventPart {
  id: number;
  type: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
  floor: number | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** `lift` and `call` of a call kind: the call as it is when the delivery is queued. */
export function callPayload(lift: LiftPart, call: CallPart): Record<string, unknown> {
  return {
    lift: { id: lift.id, name: lift.name, address: lift.address },
    call: {
      id: call.id,
      status: call.status,
      kind: call.kind,
      times: { receivedAt: iso(call.receivedAt), acknowledgedAt: iso(call.acknowledgedAt), endedAt: iso(call.endedAt) },
    },
  };
}

export function eventPayload(lift: LiftPart, event: EventPart): Record<string, unknown> {
  return {
    lift: { id: lift.id, name: lift.name, address: lift.address },
    event: {
      id: event.id,
      type: event.type,
      startedAt: iso(event.startedAt),
      endedAt: iso(event.endedAt),
      floor: event.floor,
    },
  };
}
