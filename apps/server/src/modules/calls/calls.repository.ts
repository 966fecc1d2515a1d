// SQL for alarm calls: the filtered list with totals per kind, and the calls still running.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import { callKinds, type Call, type CallKind, type CallSort, type CallTotals } from '@liftwacht/contracts/calls';
import type { Db } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { calls, lifts } from '../../db/schema.ts';
import { callColumns, callDurationSql, toCall, type CallRow } from '../../db/call-rows.ts';
import { packedIds, unpackIds } from '../../lib/packed-ids.ts';

export interface CallFilter {
  organisationId: number;
  from: string | undefined;
  to: string | undefined;
  kinds: readonly CallKind[] | undefined;
  liftIds: readonly number[] | undefined;
}

export interface CallPage {
  sort: CallSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const columns = (now: Date) => ({
  ...callColumns(now),
  liftId: lifts.id,
  liftName: lifts.name,
  address: lifts.address,
});

type CallSelect = CallRow & { liftId: number; liftName: string; address: string };

const toListedCall = (r: CallSelect): Call => toCall(r, { id: r.liftId, name: r.liftName, address: r.address });

function order(page: Pick<CallPage, 'sort' | 'order'>, now: Date): SQL[] {
  const direction = page.order === 'asc' ? asc : desc;
  const sortColumn: Record<CallSort, AnyColumn | SQL> = {
    startedAt: calls.startedAt,
    duration: callDurationSql(now),
    kind: calls.kind,
    lift: lifts.name,
  };
  return [direction(sortColumn[page.sort]), direction(calls.id)];
}

const currentWhere = (organisationId: number) =>
  and(eq(lifts.organisationId, organisationId), isNull(calls.endedAt), inArray(calls.kind, [...callKinds]));

export class CallsRepository {
  constructor(private readonly db: Db) {}

  async list(filter: CallFilter, page: CallPage, now: Date): Promise<{ items: Call[]; total: number }> {
    const where = this.where(filter, true);
    const [rows, totals] = await Promise.all([
      this.db
        .select(columns(now))
        .from(calls)
        .innerJoin(lifts, eq(lifts.id, calls.liftId))
        .where(where)
        .orderBy(...order(page, now))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(calls).innerJoin(lifts, eq(lifts.id, calls.liftId)).where(where),
    ]);
    return { items: rows.map(toListedCall), total: totals[0]?.n ?? 0 };
  }

  /** Calls per kind for the organisation, period and lifts; the kinds filter deliberately left out. */
  async totals(filter: CallFilter): Promise<CallTotals> {
    const rows = await this.db
      .select({ kind: calls.kind, n: count() })
      .from(calls)
      .innerJoin(lifts, eq(lifts.id, calls.liftId))
      .where(this.where(filter, false))
      .groupBy(calls.kind);
    const totals: CallTotals = { entrapment: 0, false_alarm: 0, test: 0, other: 0 };
    for (const row of rows) totals[row.kind as CallKind] = row.n;
    return totals;
  }

  /** The ids of every call the list shows for the filter, in its order (the export). */
  async orderedIds(filter: CallFilter, page: Pick<CallPage, 'sort' | 'order'>, now: Date): Promise<number[]> {
    const [row] = await this.db
      .select({ ids: packedIds(calls.id, order(page, now)) })
      .from(calls)
      .innerJoin(lifts, eq(lifts.id, calls.liftId))
      .where(this.where(filter, true));
    return unpackIds(row?.ids);
  }

  /** The ids of the calls not yet ended, longest running first (the export). */
  async currentIds(organisationId: number): Promise<number[]> {
    const [row] = await this.db
      .select({ ids: packedIds(calls.id, [asc(calls.startedAt), asc(calls.id)]) })
      .from(calls)
      .innerJoin(lifts, eq(lifts.id, calls.liftId))
      .where(currentWhere(organisationId));
    return unpackIds(row?.ids);
  }

  /** Calls by id, as the lists show them, in no particular order. */
  async findByIds(ids: readonly number[], now: Date): Promise<Call[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select(columns(now))
      .from(calls)
      .innerJoin(lifts, eq(lifts.id, calls.liftId))
      .where(inArray(calls.id, [...ids]));
    return rows.map(toListedCall);
  }

  /** Calls not yet ended, longest running first. */
  async current(organisationId: number, now: Date, limit: number, offset: number) {
    const where = currentWhere(organisationId);
    const [rows, totals] = await Promise.all([
      this.db
        .select(columns(now))
        .from(calls)
        .innerJoin(lifts, eq(lifts.id, calls.liftId))
        .where(where)
        .orderBy(asc(calls.startedAt), asc(calls.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(calls).innerJoin(lifts, eq(lifts.id, calls.liftId)).where(where),
    ]);
    return {
      items: rows.map((r) => ({ ...toListedCall(r), runningSeconds: r.durationSeconds })),
      total: totals[0]?.n ?? 0,
    };
  }

  private where(filter: CallFilter, withKinds: boolean): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      eq(lifts.organisationId, filter.organisationId),
      // The contract knows four kinds; a stray value in the table must not break the list.
      inArray(calls.kind, withKinds && filter.kinds ? [...filter.kinds] : [...callKinds]),
    ];
    if (filter.liftIds) conditions.push(inArray(calls.liftId, [...filter.liftIds]));
    if (filter.from) conditions.push(gte(calls.startedAt, localDayStartSql(filter.from)));
    if (filter.to) conditions.push(lt(calls.startedAt, localDayEndSql(filter.to)));
    return and(...conditions);
  }
}
