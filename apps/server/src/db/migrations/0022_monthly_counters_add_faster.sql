-- liftwacht_monthly_counters_add, the work of the statement triggers on daily_counters, without its
-- 31-fold expansion: 0004 built the running totals as one row per (lift, kind, month, day of month)
-- through a cross join, a window sum in numeric and a merge join, which took about a third of the
-- database's CPU in an ingest batch (~180 month rows a batch became ~5,600 rows through 6 plan
-- nodes). Now each month's running totals are one array built per (lift, kind, month): the common
-- case, deltas on a single day (an ingest batch, an edit), is two array_fill calls; several days
-- sum their deltas per day of month. The result is the same array as before.
CREATE OR REPLACE FUNCTION liftwacht_month_running_totals(doms integer[], deltas bigint[])
  RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  totals bigint[];
  running bigint := 0;
BEGIN
  IF cardinality(doms) = 1 THEN
    RETURN array_fill(0::bigint, ARRAY[doms[1] - 1]) || array_fill(deltas[1], ARRAY[32 - doms[1]]);
  END IF;
  totals := array_fill(0::bigint, ARRAY[31]);
  FOR d IN 1..31 LOOP
    running := running + coalesce((SELECT sum(x.delta) FROM unnest(doms, deltas) AS x(dom, delta) WHERE x.dom = d), 0);
    totals[d] := running;
  END LOOP;
  RETURN totals;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_monthly_counters_add(lift_ids integer[], kinds text[], days date[], deltas bigint[])
  RETURNS void LANGUAGE sql AS $$
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
                            ORDER BY x.i)
$$;
