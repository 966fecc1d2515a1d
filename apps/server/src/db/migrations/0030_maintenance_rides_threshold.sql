-- "Maintenance insufficient" (rides since the last maintenance over the lift's service ride
-- threshold) read from lift_maintenance_rides alone. The threshold lived only on lifts, whose wide
-- rows made the status a join of every lift of the scope: at 10,000 lifts a heap scan of ~2,900
-- pages and a hash join for the ~3 % that qualify (12 of the lift search's 18 ms). The table now
-- keeps a copy of the threshold and whether the lift is over it, so the status is a scan of this
-- narrow table (~70 pages) and a primary-key probe per lift found. over_threshold is a generated
-- column, so the planner has its statistics (a comparison of two columns is guessed at a third).
ALTER TABLE "lift_maintenance_rides" ADD COLUMN "service_ride_threshold" integer NOT NULL DEFAULT 20000;--> statement-breakpoint
UPDATE "lift_maintenance_rides" r SET "service_ride_threshold" = l."service_ride_threshold"
  FROM "lifts" l WHERE l."id" = r."lift_id" AND r."service_ride_threshold" <> l."service_ride_threshold";--> statement-breakpoint
-- No default from here on: every row is written with its lift's threshold, and a writer that forgot
-- it fails instead of silently judging the lift by 20,000.
ALTER TABLE "lift_maintenance_rides" ALTER COLUMN "service_ride_threshold" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ADD COLUMN "over_threshold" boolean NOT NULL
  GENERATED ALWAYS AS ("rides_since" > "service_ride_threshold") STORED;--> statement-breakpoint
-- Migration 0006's refresh, now writing the threshold too (the rebuild after a bulk load uses it).
CREATE OR REPLACE FUNCTION liftwacht_lift_maintenance_rides_refresh(lift_ids integer[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM lift_maintenance_rides WHERE lift_id = ANY(lift_ids) ORDER BY lift_id FOR UPDATE;
  INSERT INTO lift_maintenance_rides AS r (lift_id, last_maintenance_at, rides_since, service_ride_threshold)
  SELECT l.id, lm.last_at,
         coalesce((SELECT sum(mc.through_day[31]
                              - CASE WHEN mc.month = d.month THEN mc.through_day[extract(day FROM d.day)::int] ELSE 0 END)
                   FROM monthly_counters mc
                   WHERE mc.lift_id = l.id AND mc.kind = 'rides' AND mc.month >= coalesce(d.month, '-infinity'::date)), 0),
         l.service_ride_threshold
  FROM lifts l
  LEFT JOIN LATERAL (
    SELECT max(v.started_at) AS last_at FROM visits v
    WHERE v.lift_id = l.id AND v.type = 'maintenance' AND v.state = 'finished'
  ) lm ON true
  CROSS JOIN LATERAL (SELECT (lm.last_at AT TIME ZONE 'Europe/Amsterdam')::date AS day) ld
  CROSS JOIN LATERAL (SELECT ld.day, date_trunc('month', ld.day::timestamp)::date AS month) d
  WHERE l.id = ANY(lift_ids)
  ON CONFLICT (lift_id) DO UPDATE
    SET last_maintenance_at = excluded.last_maintenance_at, rides_since = excluded.rides_since,
        service_ride_threshold = excluded.service_ride_threshold
    WHERE (r.last_maintenance_at, r.rides_since, r.service_ride_threshold)
          IS DISTINCT FROM (excluded.last_maintenance_at, excluded.rides_since, excluded.service_ride_threshold);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_lifts_maintenance_rides_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lift_maintenance_rides (lift_id, service_ride_threshold)
  SELECT id, service_ride_threshold FROM new_rows ON CONFLICT (lift_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row trigger with a WHEN: other updates of a lift (its name, its JSON) never call the function.
CREATE FUNCTION liftwacht_lifts_ride_threshold_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lift_maintenance_rides SET service_ride_threshold = NEW.service_ride_threshold WHERE lift_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lifts_ride_threshold_changed AFTER UPDATE OF service_ride_threshold ON lifts FOR EACH ROW
  WHEN (OLD.service_ride_threshold IS DISTINCT FROM NEW.service_ride_threshold)
  EXECUTE FUNCTION liftwacht_lifts_ride_threshold_changed();--> statement-breakpoint
-- The nodes' lists of lifts in service no longer hold the thresholds (the current view reads
-- over_threshold), so a threshold change need not make them forget those lists (migration 0027).
DROP TRIGGER lifts_scope_changed ON lifts;--> statement-breakpoint
CREATE TRIGGER lifts_scope_changed
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id, decommissioned_on, lift_type OR TRUNCATE ON lifts
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_lifts_scope_changed();
