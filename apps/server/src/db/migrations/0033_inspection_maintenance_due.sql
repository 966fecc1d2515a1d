-- Unknown is not good (issue 41): a lift never inspected or never maintained is judged from its
-- commissioning date, or from the day it was added to the portal, instead of reading as fine.
--
-- When a lift was added: the first trace of it for the lifts already there (the audit log's entry,
-- else its last change), now() for every lift from here on. It starts the maintenance interval of a
-- lift with neither a commissioning date nor a maintenance visit.
ALTER TABLE "lifts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "lifts" l SET "created_at" = least(l."updated_at", coalesce(
  (SELECT min(a."at") FROM "audit_log" a WHERE a."subject_type" = 'lift' AND a."subject_id" = l."id"::text), l."updated_at"));--> statement-breakpoint
-- The day a lift's next inspection is due: the latest approval's last valid day, else 12 months
-- after commissioning (the first inspection); null when neither is known ("keuring onbekend").
-- Past it the lift's inspection has expired.
ALTER TABLE "lift_facts" ADD COLUMN "inspection_due_on" date;--> statement-breakpoint
-- Migration 0026's refresh, writing the due day too.
CREATE OR REPLACE FUNCTION liftwacht_lift_facts_refresh(lift_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM lift_facts WHERE lift_id = ANY(lift_ids) ORDER BY lift_id FOR UPDATE;
  INSERT INTO lift_facts AS f (lift_id, inspection_valid_until, last_inspected_on, last_result, last_valid_until, module_id,
                               inspection_due_on)
  SELECT l.id, va.valid_until, li.inspected_on, li.result, li.valid_until, m.id,
         coalesce(va.valid_until, (l.commissioned_on + interval '12 months')::date)
  FROM lifts l
  LEFT JOIN LATERAL (
    SELECT max(i.valid_until) AS valid_until FROM inspections i WHERE i.lift_id = l.id AND i.result = 'approved'
  ) va ON true
  LEFT JOIN LATERAL (
    SELECT i.inspected_on, i.result, i.valid_until FROM inspections i WHERE i.lift_id = l.id
    ORDER BY i.inspected_on DESC, i.id DESC LIMIT 1
  ) li ON true
  LEFT JOIN LATERAL (
    -- A lift normally has one module; after a swap the one heard from last is the lift's.
    SELECT m.id FROM modules m WHERE m.lift_id = l.id ORDER BY m.last_seen_at DESC NULLS LAST, m.id DESC LIMIT 1
  ) m ON true
  WHERE l.id = ANY(lift_ids)
  ON CONFLICT (lift_id) DO UPDATE
    SET inspection_valid_until = excluded.inspection_valid_until, last_inspected_on = excluded.last_inspected_on,
        last_result = excluded.last_result, last_valid_until = excluded.last_valid_until, module_id = excluded.module_id,
        inspection_due_on = excluded.inspection_due_on
    WHERE (f.inspection_valid_until, f.last_inspected_on, f.last_result, f.last_valid_until, f.module_id, f.inspection_due_on)
          IS DISTINCT FROM (excluded.inspection_valid_until, excluded.last_inspected_on, excluded.last_result,
                            excluded.last_valid_until, excluded.module_id, excluded.inspection_due_on);
END $$;
--> statement-breakpoint
-- Maintenance: the lift's interval and where it runs from without a visit (commissioning at local
-- midnight, else the lift's creation), copied beside the last visit, and the moment the interval
-- plus 10 % runs out without a visit ("interval exceeded", the dashboard's maintenance
-- insufficient), so the current view reads this narrow table alone.
ALTER TABLE "lift_maintenance_rides" ADD COLUMN "maintenance_interval_days" integer;--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ADD COLUMN "maintenance_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ADD COLUMN "maintenance_exceeded_at" timestamp with time zone;--> statement-breakpoint
-- 95,040 s = 110 % of a day: the end of "on time" (modules/dashboard/period-figures.repository.ts).
CREATE FUNCTION liftwacht_maintenance_exceeded_at(last_at timestamptz, since timestamptz, interval_days integer)
  RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(last_at, since) + make_interval(secs => interval_days * 95040::float8)
$$;--> statement-breakpoint
CREATE FUNCTION liftwacht_maintenance_since(commissioned_on date, created_at timestamptz)
  RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(commissioned_on::timestamp AT TIME ZONE 'Europe/Amsterdam', created_at)
$$;--> statement-breakpoint
UPDATE "lift_maintenance_rides" r SET "maintenance_interval_days" = l."maintenance_interval_days",
  "maintenance_since" = liftwacht_maintenance_since(l."commissioned_on", l."created_at"),
  "maintenance_exceeded_at" = liftwacht_maintenance_exceeded_at(r."last_maintenance_at",
    liftwacht_maintenance_since(l."commissioned_on", l."created_at"), l."maintenance_interval_days")
  FROM "lifts" l WHERE l."id" = r."lift_id";--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ALTER COLUMN "maintenance_interval_days" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ALTER COLUMN "maintenance_since" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lift_maintenance_rides" ALTER COLUMN "maintenance_exceeded_at" SET NOT NULL;--> statement-breakpoint
-- Migration 0030's refresh, writing the interval, its start and when it runs out too.
CREATE OR REPLACE FUNCTION liftwacht_lift_maintenance_rides_refresh(lift_ids integer[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM lift_maintenance_rides WHERE lift_id = ANY(lift_ids) ORDER BY lift_id FOR UPDATE;
  INSERT INTO lift_maintenance_rides AS r (lift_id, last_maintenance_at, rides_since, service_ride_threshold,
                                           maintenance_interval_days, maintenance_since, maintenance_exceeded_at)
  SELECT l.id, lm.last_at,
         coalesce((SELECT sum(mc.through_day[31]
                              - CASE WHEN mc.month = d.month THEN mc.through_day[extract(day FROM d.day)::int] ELSE 0 END)
                   FROM monthly_counters mc
                   WHERE mc.lift_id = l.id AND mc.kind = 'rides' AND mc.month >= coalesce(d.month, '-infinity'::date)), 0),
         l.service_ride_threshold, l.maintenance_interval_days, s.since,
         liftwacht_maintenance_exceeded_at(lm.last_at, s.since, l.maintenance_interval_days)
  FROM lifts l
  LEFT JOIN LATERAL (
    SELECT max(v.started_at) AS last_at FROM visits v
    WHERE v.lift_id = l.id AND v.type = 'maintenance' AND v.state = 'finished'
  ) lm ON true
  CROSS JOIN LATERAL (SELECT (lm.last_at AT TIME ZONE 'Europe/Amsterdam')::date AS day) ld
  CROSS JOIN LATERAL (SELECT ld.day, date_trunc('month', ld.day::timestamp)::date AS month) d
  CROSS JOIN LATERAL (SELECT liftwacht_maintenance_since(l.commissioned_on, l.created_at) AS since) s
  WHERE l.id = ANY(lift_ids)
  ON CONFLICT (lift_id) DO UPDATE
    SET last_maintenance_at = excluded.last_maintenance_at, rides_since = excluded.rides_since,
        service_ride_threshold = excluded.service_ride_threshold,
        maintenance_interval_days = excluded.maintenance_interval_days, maintenance_since = excluded.maintenance_since,
        maintenance_exceeded_at = excluded.maintenance_exceeded_at
    WHERE (r.last_maintenance_at, r.rides_since, r.service_ride_threshold, r.maintenance_interval_days,
           r.maintenance_since, r.maintenance_exceeded_at)
          IS DISTINCT FROM (excluded.last_maintenance_at, excluded.rides_since, excluded.service_ride_threshold,
                            excluded.maintenance_interval_days, excluded.maintenance_since, excluded.maintenance_exceeded_at);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION liftwacht_lifts_maintenance_rides_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lift_maintenance_rides (lift_id, service_ride_threshold, maintenance_interval_days, maintenance_since,
                                      maintenance_exceeded_at)
  SELECT id, service_ride_threshold, maintenance_interval_days, liftwacht_maintenance_since(commissioned_on, created_at),
         liftwacht_maintenance_exceeded_at(null, liftwacht_maintenance_since(commissioned_on, created_at), maintenance_interval_days)
  FROM new_rows ON CONFLICT (lift_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A lift's commissioning date, interval or creation changed: its due inspection and its maintenance
-- interval follow. A row trigger with a WHEN, like the ride threshold's: other edits call nothing.
CREATE FUNCTION liftwacht_lifts_due_inputs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lift_maintenance_rides r SET maintenance_interval_days = NEW.maintenance_interval_days,
    maintenance_since = liftwacht_maintenance_since(NEW.commissioned_on, NEW.created_at),
    maintenance_exceeded_at = liftwacht_maintenance_exceeded_at(r.last_maintenance_at,
      liftwacht_maintenance_since(NEW.commissioned_on, NEW.created_at), NEW.maintenance_interval_days)
  WHERE r.lift_id = NEW.id;
  IF OLD.commissioned_on IS DISTINCT FROM NEW.commissioned_on THEN
    PERFORM liftwacht_lift_facts_refresh(ARRAY[NEW.id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lifts_due_inputs_changed AFTER UPDATE OF commissioned_on, maintenance_interval_days, created_at ON lifts
  FOR EACH ROW WHEN (OLD.commissioned_on IS DISTINCT FROM NEW.commissioned_on
                     OR OLD.maintenance_interval_days IS DISTINCT FROM NEW.maintenance_interval_days
                     OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION liftwacht_lifts_due_inputs_changed();--> statement-breakpoint
-- The kept maintenance snapshot (migration 0025) holds the commissioning and creation now: a
-- change to them makes every node forget it, like a change of interval.
DROP TRIGGER lifts_maintenance_interval_changed ON lifts;--> statement-breakpoint
CREATE TRIGGER lifts_maintenance_interval_changed
  AFTER INSERT OR DELETE OR UPDATE OF maintenance_interval_days, commissioned_on, created_at OR TRUNCATE ON lifts
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_maintenance_figures_changed();--> statement-breakpoint
-- The lifts already there.
SELECT liftwacht_lift_facts_refresh(array_agg(id)) FROM lifts;
