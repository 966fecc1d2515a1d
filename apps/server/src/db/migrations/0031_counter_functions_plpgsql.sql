-- The two functions the statement triggers on daily_counters call once per ingest batch
-- (migrations 0022 and 0006), same statements, now in PL/pgSQL. Up to PostgreSQL 17 a LANGUAGE sql
-- function that is not inlined is planned again on every call (18, and so PGlite, keeps the plan);
-- PL/pgSQL keeps each statement's plan for the session on every version.
-- With ingest's pooled connections that was planning on every batch: in phase 1 of
-- `bench:realtime -- --sockets 10000` ~320 ms of planning in 15 s (a fifth of these two
-- statements' time; docs/benchmarks.md, December 2).
CREATE OR REPLACE FUNCTION liftwacht_monthly_counters_add(lift_ids integer[], kinds text[], days date[], deltas bigint[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT u.lift_id, u.kind, date_trunc('month', u.day)::date AS month, extract(day FROM u.day)::int AS dom,
           sum(u.delta)::bigint AS delta
    FROM unnest(lift_ids, kinds, days, deltas) AS u(lift_id, kind, day, delta)
    GROUP BY 1, 2, 3, 4
  ),
  months AS (
    SELECT d.lift_id, d.kind, d.month, liftwacht_month_running_totals(array_agg(d.dom), array_agg(d.delta)) AS through_day
    FROM d
    GROUP BY 1, 2, 3
  )
  INSERT INTO monthly_counters AS mc (lift_id, kind, month, through_day)
  SELECT m.lift_id, m.kind, m.month, m.through_day
  FROM months m
  WHERE EXISTS (SELECT 1 FROM lifts l WHERE l.id = m.lift_id)
  ON CONFLICT (lift_id, kind, month) DO UPDATE
    SET through_day = ARRAY(SELECT x.a + x.b
                            FROM unnest(mc.through_day, excluded.through_day) WITH ORDINALITY AS x(a, b, i)
                            ORDER BY x.i);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_lift_maintenance_rides_add(lift_ids integer[], days date[], deltas bigint[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lift_maintenance_rides r
  SET rides_since = r.rides_since + (
    SELECT coalesce(sum(x.delta), 0) FROM unnest(c.days, c.deltas) AS x(day, delta)
    WHERE r.last_maintenance_at IS NULL OR x.day > (r.last_maintenance_at AT TIME ZONE 'Europe/Amsterdam')::date)
  FROM (
    SELECT u.lift_id, array_agg(u.day) AS days, array_agg(u.delta) AS deltas
    FROM unnest(lift_ids, days, deltas) AS u(lift_id, day, delta)
    GROUP BY u.lift_id
  ) c
  WHERE r.lift_id = c.lift_id;
END $$;
