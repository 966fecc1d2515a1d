-- daily_quarter_hours: a lift's quarter hours of one local day as one array (see schema.ts), so the
-- 15-minute chart of a year reads 365 rows instead of 35,040 raw buckets. Statement triggers on
-- counters keep it, as 0004 does for monthly_counters, so the ingest path, the seed and any other
-- writer stay consistent without knowing about it.
CREATE TABLE "daily_quarter_hours" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"sums" bigint[] NOT NULL,
	CONSTRAINT "daily_quarter_hours_lift_id_kind_day_pk" PRIMARY KEY("lift_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "daily_quarter_hours" ADD CONSTRAINT "daily_quarter_hours_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Two days' arrays added slot by slot; a slot NULL on one side takes the other's value.
CREATE OR REPLACE FUNCTION liftwacht_quarter_hours_merge(a bigint[], b bigint[])
  RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(CASE WHEN x.a IS NULL THEN x.b WHEN x.b IS NULL THEN x.a ELSE x.a + x.b END ORDER BY x.i)
  FROM unnest(a, b) WITH ORDINALITY AS x(a, b, i)
$$;
--> statement-breakpoint
-- Adds bucket deltas to their days. The slot counts from the day's first instant, so a DST day has
-- 92 or 100 slots (the offset is a whole number of hours, so UTC quarter hours are local ones); a
-- slot given twice is summed (an update's new and old value), one not given is NULL. The array is
-- written as text with a NULL for each skipped slot: filling the gaps with a join or a function
-- per day took 0.5–3 ms a day. Adding under the row lock of ON CONFLICT keeps concurrent ingest
-- batches of one day from losing each other's buckets. A lift already deleted (a cascade from
-- lifts) is skipped.
CREATE OR REPLACE FUNCTION liftwacht_daily_quarter_hours_add(lift_ids integer[], kinds text[], starts timestamptz[],
                                                             deltas bigint[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO daily_quarter_hours AS q (lift_id, kind, day, sums)
  SELECT s.lift_id, s.kind, s.day,
         ('{' || string_agg(repeat('NULL,', s.slot - s.previous - 1) || s.delta, ',' ORDER BY s.slot) || '}')::bigint[]
  FROM (
    SELECT t.*, coalesce(lag(t.slot) OVER (PARTITION BY t.lift_id, t.kind, t.day ORDER BY t.slot), 0) AS previous
    FROM (
      SELECT u.lift_id, u.kind, d.day,
             floor(extract(epoch FROM u.bucket_start - (d.day::timestamp AT TIME ZONE 'Europe/Amsterdam')) / 900)::int
               + 1 AS slot,
             sum(u.delta)::bigint AS delta
      FROM unnest(lift_ids, kinds, starts, deltas) AS u(lift_id, kind, bucket_start, delta)
      CROSS JOIN LATERAL (SELECT (u.bucket_start AT TIME ZONE 'Europe/Amsterdam')::date AS day) d
      WHERE EXISTS (SELECT 1 FROM lifts l WHERE l.id = u.lift_id)
      GROUP BY 1, 2, 3, 4
    ) t
  ) s
  GROUP BY 1, 2, 3
  ON CONFLICT (lift_id, kind, day) DO UPDATE SET sums = liftwacht_quarter_hours_merge(q.sums, excluded.sums)
$$;
--> statement-breakpoint
-- The lifts' days again from their raw buckets: for deletes (a deleted bucket must become NULL, not
-- 0) and, through the _all variant, for writers that bypass triggers (the seed's bulk load).
CREATE OR REPLACE FUNCTION liftwacht_daily_quarter_hours_rebuild(p_lift_ids integer[])
  RETURNS void LANGUAGE sql AS $$
  DELETE FROM daily_quarter_hours WHERE lift_id = ANY(p_lift_ids);
  SELECT liftwacht_daily_quarter_hours_add(array_agg(lift_id), array_agg(kind), array_agg(bucket_start), array_agg(value))
  FROM counters WHERE lift_id = ANY(p_lift_ids);
$$;
--> statement-breakpoint
-- Every lift, 500 at a time, so the arrays passed along stay a few megabytes on a large fleet.
CREATE OR REPLACE FUNCTION liftwacht_daily_quarter_hours_rebuild_all() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  chunk integer[];
BEGIN
  DELETE FROM daily_quarter_hours;
  FOR chunk IN SELECT array_agg(id) FROM lifts GROUP BY id / 500 LOOP
    PERFORM liftwacht_daily_quarter_hours_rebuild(chunk);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_counters_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM liftwacht_daily_quarter_hours_add(array_agg(lift_id), array_agg(kind), array_agg(bucket_start),
                                              array_agg(value))
    FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM liftwacht_daily_quarter_hours_add(array_agg(c.lift_id), array_agg(c.kind), array_agg(c.bucket_start),
                                              array_agg(c.value))
    FROM (SELECT lift_id, kind, bucket_start, value FROM new_rows
          UNION ALL
          SELECT lift_id, kind, bucket_start, -value FROM old_rows) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM liftwacht_daily_quarter_hours_rebuild(array_agg(DISTINCT lift_id)) FROM old_rows;
  ELSE
    DELETE FROM daily_quarter_hours;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER counters_quarter_hours_insert AFTER INSERT ON counters
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_counters_changed();
--> statement-breakpoint
CREATE TRIGGER counters_quarter_hours_update AFTER UPDATE ON counters
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_counters_changed();
--> statement-breakpoint
CREATE TRIGGER counters_quarter_hours_delete AFTER DELETE ON counters
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_counters_changed();
--> statement-breakpoint
CREATE TRIGGER counters_quarter_hours_truncate AFTER TRUNCATE ON counters
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_counters_changed();
--> statement-breakpoint
-- The buckets already counted.
SELECT liftwacht_daily_quarter_hours_rebuild_all();
