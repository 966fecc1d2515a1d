-- Running totals per lift, kind and local month of daily_counters (see monthlyCounters in schema.ts).
-- Statement triggers on daily_counters keep them, so the ingest path, the seed and any other
-- writer stay consistent without knowing about them.
CREATE TABLE "monthly_counters" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"through_day" bigint[] NOT NULL,
	CONSTRAINT "monthly_counters_lift_id_kind_month_pk" PRIMARY KEY("lift_id","kind","month")
);
--> statement-breakpoint
ALTER TABLE "monthly_counters" ADD CONSTRAINT "monthly_counters_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Adds per-day deltas to the running totals: each delta raises through_day from its day of the
-- month on. A lift already deleted (a cascade from lifts) is skipped: its rows go with it.
CREATE OR REPLACE FUNCTION liftwacht_monthly_counters_add(lift_ids integer[], kinds text[], days date[], deltas bigint[])
  RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT u.lift_id, u.kind, date_trunc('month', u.day)::date AS month, extract(day FROM u.day)::int AS dom,
           sum(u.delta) AS delta
    FROM unnest(lift_ids, kinds, days, deltas) AS u(lift_id, kind, day, delta)
    GROUP BY 1, 2, 3, 4
  ),
  cells AS (
    SELECT k.lift_id, k.kind, k.month, g.dom,
           sum(coalesce(d.delta, 0)) OVER (PARTITION BY k.lift_id, k.kind, k.month ORDER BY g.dom) AS running
    FROM (SELECT DISTINCT lift_id, kind, month FROM d) k
    CROSS JOIN generate_series(1, 31) AS g(dom)
    LEFT JOIN d ON d.lift_id = k.lift_id AND d.kind = k.kind AND d.month = k.month AND d.dom = g.dom
  )
  INSERT INTO monthly_counters AS mc (lift_id, kind, month, through_day)
  SELECT c.lift_id, c.kind, c.month, array_agg(c.running::bigint ORDER BY c.dom)
  FROM cells c
  WHERE EXISTS (SELECT 1 FROM lifts l WHERE l.id = c.lift_id)
  GROUP BY c.lift_id, c.kind, c.month
  ON CONFLICT (lift_id, kind, month) DO UPDATE
    SET through_day = ARRAY(SELECT x.a + x.b
                            FROM unnest(mc.through_day, excluded.through_day) WITH ORDINALITY AS x(a, b, i)
                            ORDER BY x.i)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_daily_counters_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM liftwacht_monthly_counters_add(array_agg(lift_id), array_agg(kind), array_agg(day), array_agg(value))
    FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM liftwacht_monthly_counters_add(array_agg(c.lift_id), array_agg(c.kind), array_agg(c.day), array_agg(c.value))
    FROM (SELECT lift_id, kind, day, value FROM new_rows
          UNION ALL
          SELECT lift_id, kind, day, -value FROM old_rows) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM liftwacht_monthly_counters_add(array_agg(lift_id), array_agg(kind), array_agg(day), array_agg(-value))
    FROM old_rows;
  ELSE
    DELETE FROM monthly_counters;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_counters_monthly_insert AFTER INSERT ON daily_counters
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_changed();
--> statement-breakpoint
CREATE TRIGGER daily_counters_monthly_update AFTER UPDATE ON daily_counters
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_changed();
--> statement-breakpoint
CREATE TRIGGER daily_counters_monthly_delete AFTER DELETE ON daily_counters
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_changed();
--> statement-breakpoint
CREATE TRIGGER daily_counters_monthly_truncate AFTER TRUNCATE ON daily_counters
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_changed();
--> statement-breakpoint
-- The months already counted.
INSERT INTO monthly_counters (lift_id, kind, month, through_day)
SELECT c.lift_id, c.kind, c.month, array_agg(c.running::bigint ORDER BY c.dom)
FROM (
  SELECT k.lift_id, k.kind, k.month, g.dom,
         sum(coalesce(d.value, 0)) OVER (PARTITION BY k.lift_id, k.kind, k.month ORDER BY g.dom) AS running
  FROM (SELECT lift_id, kind, date_trunc('month', day)::date AS month FROM daily_counters GROUP BY 1, 2, 3) k
  CROSS JOIN generate_series(1, 31) AS g(dom)
  LEFT JOIN daily_counters d
    ON d.lift_id = k.lift_id AND d.kind = k.kind AND d.day = k.month + (g.dom - 1)
   AND date_trunc('month', d.day)::date = k.month
) c
GROUP BY c.lift_id, c.kind, c.month;
