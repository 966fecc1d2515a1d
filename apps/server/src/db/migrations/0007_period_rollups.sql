-- Rollups for the dashboard's period view (modules/dashboard): monthly availability sums, the
-- month totals of monthly_counters as an index, and maintenance gaps kept by triggers on visits.
CREATE TABLE "maintenance_gaps" (
	"visit_id" bigint PRIMARY KEY NOT NULL,
	"lift_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"previous_at" timestamp with time zone,
	"next_at" timestamp with time zone,
	"gap_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "monthly_availability" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"through_hour" double precision[] NOT NULL,
	CONSTRAINT "monthly_availability_lift_id_kind_month_pk" PRIMARY KEY("lift_id","kind","month")
);
--> statement-breakpoint
ALTER TABLE "monthly_counters" ADD COLUMN "total" bigint GENERATED ALWAYS AS (through_day[31]) STORED;--> statement-breakpoint
ALTER TABLE "maintenance_gaps" ADD CONSTRAINT "maintenance_gaps_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_gaps" ADD CONSTRAINT "maintenance_gaps_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_availability" ADD CONSTRAINT "monthly_availability_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_gaps_lift_idx" ON "maintenance_gaps" USING btree ("lift_id","started_at");--> statement-breakpoint
CREATE INDEX "daily_availability_day_idx" ON "daily_availability" USING btree ("day");--> statement-breakpoint
CREATE INDEX "monthly_counters_kind_month_idx" ON "monthly_counters" USING btree ("kind","month","lift_id","total");--> statement-breakpoint
-- Recomputes the maintenance gaps of the given lifts from their finished maintenance visits (ties in
-- started_at are ordered by id, so the result does not depend on the plan).
CREATE OR REPLACE FUNCTION liftwacht_maintenance_gaps_refresh(lift_ids integer[])
  RETURNS void LANGUAGE sql AS $$
  DELETE FROM maintenance_gaps WHERE lift_id = ANY(lift_ids);
  INSERT INTO maintenance_gaps (visit_id, lift_id, started_at, previous_at, next_at, gap_seconds)
  SELECT m.id, m.lift_id, m.started_at, m.previous_at, m.next_at, date_part('epoch', m.started_at - m.previous_at)
  FROM (
    SELECT v.id, v.lift_id, v.started_at,
           lag(v.started_at) OVER w AS previous_at, lead(v.started_at) OVER w AS next_at
    FROM visits v
    WHERE v.lift_id = ANY(lift_ids) AND v.type = 'maintenance' AND v.state = 'finished'
    WINDOW w AS (PARTITION BY v.lift_id ORDER BY v.started_at, v.id)
  ) m
$$;
--> statement-breakpoint
-- Any finished maintenance visit inserted, deleted, or updated into or out of that state: its lift's
-- gaps are recomputed (a lift has tens of visits, so this stays a few rows).
CREATE OR REPLACE FUNCTION liftwacht_visits_maintenance_gaps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM liftwacht_maintenance_gaps_refresh(array_agg(DISTINCT lift_id))
    FROM new_rows WHERE type = 'maintenance' AND state = 'finished';
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM liftwacht_maintenance_gaps_refresh(array_agg(DISTINCT c.lift_id))
    FROM (SELECT lift_id, type, state FROM new_rows UNION ALL SELECT lift_id, type, state FROM old_rows) c
    WHERE c.type = 'maintenance' AND c.state = 'finished';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM liftwacht_maintenance_gaps_refresh(array_agg(DISTINCT lift_id))
    FROM old_rows WHERE type = 'maintenance' AND state = 'finished';
  ELSE
    DELETE FROM maintenance_gaps;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_gaps_insert AFTER INSERT ON visits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_gaps();
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_gaps_update AFTER UPDATE ON visits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_gaps();
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_gaps_delete AFTER DELETE ON visits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_gaps();
--> statement-breakpoint
CREATE TRIGGER visits_maintenance_gaps_truncate AFTER TRUNCATE ON visits
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_visits_maintenance_gaps();
--> statement-breakpoint
-- The visits already there.
SELECT liftwacht_maintenance_gaps_refresh(array(SELECT DISTINCT lift_id FROM visits WHERE type = 'maintenance'));
--> statement-breakpoint
-- The days already rolled up, per month (availability-rollup.ts keeps it from now on): a running
-- total over the 24 local hours, the first element 0.
INSERT INTO monthly_availability (lift_id, kind, month, through_hour)
SELECT r.lift_id, r.kind, r.month, array[0::float8] || array_agg(r.running ORDER BY r.h)
FROM (
  SELECT d.lift_id, d.kind, d.month, d.h, sum(d.s) OVER (PARTITION BY d.lift_id, d.kind, d.month ORDER BY d.h) AS running
  FROM (
    SELECT da.lift_id, da.kind, date_trunc('month', da.day)::date AS month, g.h, sum(da.hour_seconds[g.h]) AS s
    FROM daily_availability da CROSS JOIN generate_series(1, 24) AS g(h)
    GROUP BY 1, 2, 3, 4
  ) d
) r
GROUP BY r.lift_id, r.kind, r.month;
