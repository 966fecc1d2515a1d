// Collects one lift's generated rows. Every generator writes through it, so the invariants of the
// data (nothing starts in the future, ends never precede starts, every visit has its `visit` event)
// are enforced in one place and a generator bug fails loudly in the tests instead of seeding nonsense.
import type { EventType } from '@liftwacht/contracts/event-types';
import type { calls, events, inspections, logbook, visits } from '../schema.ts';

export type EventRow = typeof events.$inferInsert;
export type CallRow = typeof calls.$inferInsert;
export type VisitRow = typeof visits.$inferInsert;
export type InspectionRow = typeof inspections.$inferInsert;
export type LogbookRow = typeof logbook.$inferInsert;

export type VisitType = 'approval' | 'failure' | 'inspection' | 'maintenance' | 'modernization' | 'other' | 'repair';
export type VisitRole = 'mechanic' | 'inspector' | 'approving_authority';
export type VisitState = 'timeout' | 'progress' | 'finished' | 'canceled';
export type LogType =
  | 'maintenance'
  | 'repair'
  | 'check'
  | 'commissioning_inspection'
  | 'modification_inspection'
  | 'periodic_inspection'
  | 'assistance_inspection'
  | 'other';
export type CallKind = 'entrapment' | 'false_alarm' | 'test' | 'other';
export type TestResult = 'ok' | 'speaker' | 'microphone' | 'battery';

export interface VisitSpec {
  type: VisitType;
  role: VisitRole;
  state: VisitState;
  start: number;
  end: number | null;
  person: string;
  remarks: string;
}

export interface CallSpec {
  kind: CallKind;
  start: number;
  acknowledged: number | null;
  end: number | null;
  /** When a person recorded the trapped passenger freed (entrapments only). */
  passengerFreed?: number | null;
  testResult: TestResult | null;
  handledBy: string | null;
  notes: string | null;
}

export class LiftHistoryBuilder {
  readonly events: EventRow[] = [];
  readonly calls: CallRow[] = [];
  readonly visits: VisitRow[] = [];
  readonly inspections: InspectionRow[] = [];
  readonly logbook: LogbookRow[] = [];

  constructor(
    readonly liftId: number,
    private readonly now: number,
  ) {}

  private check(what: string, start: number, end: number | null): void {
    if (!Number.isFinite(start) || start > this.now)
      throw new Error(`${what} starts after now (lift ${String(this.liftId)})`);
    if (end !== null && (end < start || end > this.now)) {
      throw new Error(`${what} has a bad end (lift ${String(this.liftId)})`);
    }
  }

  event(
    type: EventType,
    start: number,
    end: number | null,
    options: { floor?: number | null; data?: Record<string, unknown> | null } = {},
  ): void {
    this.check(`event ${type}`, start, end);
    this.events.push({
      liftId: this.liftId,
      type,
      startedAt: new Date(start),
      endedAt: end === null ? null : new Date(end),
      // An event is closed once it has ended; open ones are what the current view counts.
      closed: end !== null,
      floor: options.floor ?? null,
      data: options.data ?? null,
      sourceMessageId: null,
    });
  }

  call(spec: CallSpec): void {
    this.check(`call ${spec.kind}`, spec.start, spec.end);
    const freed = spec.passengerFreed ?? null;
    const status = spec.end !== null ? 'ended' : spec.acknowledged !== null ? 'acknowledged' : 'received';
    this.calls.push({
      liftId: this.liftId,
      startedAt: new Date(spec.start),
      acknowledgedAt: spec.acknowledged === null ? null : new Date(spec.acknowledged),
      endedAt: spec.end === null ? null : new Date(spec.end),
      passengerFreedAt: freed === null ? null : new Date(freed),
      // The call's last change, not the moment of seeding (the column defaults to now()), so two
      // seeds with the same options hold the same rows.
      updatedAt: new Date(Math.max(spec.start, spec.acknowledged ?? 0, freed ?? 0, spec.end ?? 0)),
      kind: spec.kind,
      status,
      testResult: spec.testResult,
      handledBy: spec.handledBy,
      notes: spec.notes,
      sourceMessageId: null,
    });
  }

  /** A visit, its `visit` event and, when given, the logbook line the mechanic writes afterwards. */
  visit(spec: VisitSpec, log?: { type: LogType; text: string }): void {
    this.check(`visit ${spec.type}`, spec.start, spec.end);
    this.visits.push({
      liftId: this.liftId,
      type: spec.type,
      role: spec.role,
      state: spec.state,
      startedAt: new Date(spec.start),
      endedAt: spec.end === null ? null : new Date(spec.end),
      person: spec.person,
      remarks: spec.remarks,
    });
    this.event('visit', spec.start, spec.end, {
      data: { visitType: spec.type, role: spec.role, state: spec.state, person: spec.person },
    });
    if (log && spec.end !== null && spec.state === 'finished') this.log(log.type, spec.end, log.text);
  }

  inspection(row: Omit<InspectionRow, 'liftId' | 'id'>): void {
    this.inspections.push({ liftId: this.liftId, ...row });
  }

  log(type: LogType, at: number, text: string): void {
    this.check(`logbook ${type}`, at, null);
    this.logbook.push({ liftId: this.liftId, logType: type, at: new Date(at), text });
  }
}
