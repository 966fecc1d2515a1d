CREATE TABLE "lift_maintenance_rides" (
	"lift_id" integer PRIMARY KEY NOT NULL,
	"last_maintenance_at" timestamp with time zone,
	"rides_since" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ADD CONSTRAINT "lift_maintenance_rides_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rides since the last finished maintenance visit, one row a lift (see liftMaintenanceRides in
-- schema.ts). The visit's day is its local (Europe/Amsterdam) day; rides of the local days after it
-- count, all rides when the lift was never maintained. Triggers on lifts, visits and daily_counters
-- keep the rows, so ingest, the seed and tests stay consistent without knowing about them.
--
-- Recomputes the rows of `lift_ids` from visits and monthly_counters (a few rows a lift). Locks the
-- rows before counting: a concurrent writer of rides has then either committed (its rides are in
-- monthly_counters) or waits and adds its rides itself against the new visit day afterwards.
CREATE OR REPLACE FUNCTION liftwacht_lift_maintenance_rides_refresh(lift_ids integer[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM lift_maintenance_rides WHERE lift_id = ANY(lift_ids) ORDER BY lift_id FOR UPDATE;
  INSERT INTO lift_maintenance_rides AS r (lift_id, last_maintenance_at, rides_since)
  SELECT l.id, lm.last_at,
         coalesce((SELECT sum(mc.through_day[31]
                              - CASE WHEN mc.month = d.month THEN mc.through_day[extract(day FROM d.day)::int] ELSE 0 END)
                   FROM monthly_counters mc
                   WHERE mc.lift_id = l.id AND mc.kind = 'rides' AND mc.month >= coalesce(d.month, '-infinity'::date)), 0)
  FROM lifts l
  LEFT JOIN LATERAL (
    SELECT max(v.started_at) AS last_at FROM visits v
    WHERE v.lift_id = l.id AND v.type = 'maintenance' AND v.state = 'finished'
  ) lm ON true
  CROSS JOIN LATERAL (SELECT (lm.last_at AT TIME ZONE 'Europe/Amsterdam')::date AS day) ld
  CROSS JOIN LATERAL (SELECT ld.day, date_trunc('month', ld.day::timestamp)::date AS month) d
  WHERE l.id = ANY(lift_ids)
  ON CONFLICT (lift_id) DO UPDATE
    SET last_maintenance_at = excluded.last_maintenance_at, rides_since = excluded.rides_since
    WHERE (r.last_maintenance_at, r.rides_since) IS DISTINCT FROM (excluded.last_maintenance_at, excluded.rides_since);
END $$;
--> statement-breakpoint
-- Adds per-day ride deltas of daily_counters to the lifts' figures, counting only days after each
-- lift's visit day. The day test reads the target row itself, so an update that waited for a
-- concurrent refresh is re-evaluated against the refreshed visit day. The days travel as one
-- array per lift, so each row sums only its own lift's deltas.
CREATE OR REPLACE FUNCTION liftwacht_lift_maintenance_rides_add(lift_ids integer[], days date[], deltas bigint[])
  RETURNS void LANGUAGE sql AS $$
  UPDATE lift_maintenance_rides r
  SET rides_since = r.rides_since + (
    SELECT coalesce(sum(x.delta), 0) FROM unnest(c.days, c.deltas) AS x(day, delta)
    WHERE r.last_maintenance_at IS NULL OR x.day > (r.last_maintenance_at AT TIME ZONE 'Europe/Amsterdam')::date)
  FROM (
    SELECT u.lift_id, array_agg(u.day) AS days, array_agg(u.delta) AS deltas
    FROM unnest(lift_ids, days, deltas) AS u(lift_id, day, delta)
    GROUP BY u.lift_id
  ) c
  WHERE r.lift_id = c.lift_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_daily_counters_rides_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM liftwacht_lift_maintenance_rides_add(array_agg(lift_id), array_agg(day), array_agg(value))
    FROM new_rows WHERE kind = 'rides';
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM liftwacht_lift_maintenance_rides_add(array_agg(c.lift_id), array_agg(c.day), array_agg(c.value))
    FROM (SELECT lift_id, day, value FROM new_rows WHERE kind = 'rides'
          UNION ALL
          SELECT lift_id, day, -value FROM old_rows WHERE kind = 'rides') c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM liftwacht_lift_maintenance_rides_add(array_agg(lift_id), array_agg(day), array_agg(-value))
    FROM old_rows WHERE kind = 'rides';
  ELSE
    UPDATE lift_maintenance_rides SET rides_since = 0 WHERE rides_since <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER daily_counters_maintenance_rides_insert AFTER INSERT ON daily_counters
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_rides_changed();
--> statement-breakpoint
CREATE TRIGGER daily_counters_maintenance_rides_update AFTER UPDATE ON daily_counters
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_rides_changed();
--> statement-breakpoint
CREATE TRIGGER daily_counters_maintenance_rides_delete AFTER DELETE ON daily_counters
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_rides_changed();
--> statement-breakpoint
CREATE TRIGGER daily_counters_maintenance_rides_truncate AFTER TRUNCATE ON daily_counters
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_daily_counters_rides_changed();
--> statement-breakpoint
-- Recomputes the lifts whose last finished maintenance visit may have changed: a finished
-- maintenance visit added or removed, or one whose lift, type, state or start changed (a visit
-- finished later, canceled, moved). Other visit updates (remarks, end) leave the figure alone.
CREATE OR REPLACE FUNCTION liftwacht_visits_maintenance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM new_rows WHERE type = 'maintenance' AND state = 'finished';
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c.lift_id) INTO affected
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.lift_id, n.type, n.state), (o.lift_id, o.type, o.state)) AS c(lift_id, type, state)
    WHERE (n.lift_id, n.type, n.state, n.started_at) IS DISTINCT FROM (o.lift_id, o.type, o.state, o.started_at)
      AND c.type = 'maintenance' AND c.state = 'finished';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM old_rows WHERE type = 'maintenance' AND state = 'finished';
  ELSE
    SELECT array_agg(lift_id) INTO affected FROM lift_maintenance_rides;
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM liftwacht_lift_maintenance_rides_refresh(affected);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_rides_insert AFTER INSERT ON visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_changed();
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_rides_update AFTER UPDATE ON visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_changed();
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_rides_delete AFTER DELETE ON visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_changed();
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_rides_truncate AFTER TRUNCATE ON visits
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_changed();
--> statement-breakpoint
-- A new lift starts never maintained and without rides; every lift has its row, so reads join.
CREATE OR REPLACE FUNCTION liftwacht_lifts_maintenance_rides_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lift_maintenance_rides (lift_id) SELECT id FROM new_rows ON CONFLICT (lift_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lifts_maintenance_rides_insert AFTER INSERT ON lifts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_lifts_maintenance_rides_inserted();
--> statement-breakpoint
-- Rebuilds both ride rollups from scratch, for writers that bypass triggers (the seed's bulk load
-- runs with session_replication_role = replica): monthly_counters from daily_counters, then every
-- lift's row from visits and monthly_counters.
CREATE OR REPLACE FUNCTION liftwacht_counter_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM monthly_counters;
  INSERT INTO monthly_counters (lift_id, kind, month, through_day)
  SELECT c.lift_id, c.kind, c.month, array_agg(c.running::bigint ORDER BY c.dom)
  FROM (
    SELECT k.lift_id, k.kind, k.month, g.dom,
           sum(coalesce(d.value, 0)) OVER (PARTITION BY k.lift_id, k.kind, k.month ORDER BY g.dom) AS running
    FROM (SELECT lift_id, kind, date_trunc('month', day::timestamp)::date AS month FROM daily_counters GROUP BY 1, 2, 3) k
    CROSS JOIN generate_series(1, 31) AS g(dom)
    LEFT JOIN daily_counters d
      ON d.lift_id = k.lift_id AND d.kind = k.kind AND d.day = k.month + (g.dom - 1)
     AND date_trunc('month', d.day::timestamp)::date = k.month
  ) c
  GROUP BY c.lift_id, c.kind, c.month;
  PERFORM liftwacht_lift_maintenance_rides_refresh(array_agg(id)) FROM lifts;
END $$;
--> statement-breakpoint
-- The lifts already there (monthly_counters is current: 0004 filled it and its triggers keep it).
SELECT liftwacht_lift_maintenance_rides_refresh(array_agg(id)) FROM lifts;
