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
	"months" smallint NOT NULL,
	"through_hour" double precision[] NOT NULL,
	CONSTRAINT "monthly_availability_lift_id_kind_month_months_pk" PRIMARY KEY("lift_id","kind","month","months")
);
--> statement-breakpoint
ALTER TABLE "monthly_counters" ADD COLUMN "total" bigint GENERATED ALWAYS AS (through_day[31]) STORED;--> statement-breakpoint
ALTER TABLE "maintenance_gaps" ADD CONSTRAINT "maintenance_gaps_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_gaps" ADD CONSTRAINT "maintenance_gaps_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_availability" ADD CONSTRAINT "monthly_availability_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_gaps_lift_idx" ON "maintenance_gaps" USING btree ("lift_id","started_at");--> statement-breakpoint
CREATE INDEX "monthly_availability_block_idx" ON "monthly_availability" USING btree ("month","months");--> statement-breakpoint
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
-- The days already rolled up, per month, quarter and year: the statement availability-rollup.ts
-- (monthlyAvailabilityInsertSql) runs from now on. Element h + 1 of through_hour is the running
-- total over local hours 0..h-1, the first element 0.
insert into monthly_availability (lift_id, kind, month, months, through_hour)
select b.lift_id, b.kind, b.month, b.months, array[0::float8,
       b.s1,
       b.s1 + b.s2,
       b.s1 + b.s2 + b.s3,
       b.s1 + b.s2 + b.s3 + b.s4,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21 + b.s22,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21 + b.s22 + b.s23,
       b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21 + b.s22 + b.s23 + b.s24]
from (
  select m.lift_id, m.kind, g.months,
         case g.months when 1 then m.month
                       when 3 then date_trunc('quarter', m.month)::date
                       else date_trunc('year', m.month)::date end as month,
         sum(m.s1) as s1,
         sum(m.s2) as s2,
         sum(m.s3) as s3,
         sum(m.s4) as s4,
         sum(m.s5) as s5,
         sum(m.s6) as s6,
         sum(m.s7) as s7,
         sum(m.s8) as s8,
         sum(m.s9) as s9,
         sum(m.s10) as s10,
         sum(m.s11) as s11,
         sum(m.s12) as s12,
         sum(m.s13) as s13,
         sum(m.s14) as s14,
         sum(m.s15) as s15,
         sum(m.s16) as s16,
         sum(m.s17) as s17,
         sum(m.s18) as s18,
         sum(m.s19) as s19,
         sum(m.s20) as s20,
         sum(m.s21) as s21,
         sum(m.s22) as s22,
         sum(m.s23) as s23,
         sum(m.s24) as s24
  from (
    select lift_id, kind, date_trunc('month', day)::date as month, sum(hour_seconds[1]) as s1,
           sum(hour_seconds[2]) as s2,
           sum(hour_seconds[3]) as s3,
           sum(hour_seconds[4]) as s4,
           sum(hour_seconds[5]) as s5,
           sum(hour_seconds[6]) as s6,
           sum(hour_seconds[7]) as s7,
           sum(hour_seconds[8]) as s8,
           sum(hour_seconds[9]) as s9,
           sum(hour_seconds[10]) as s10,
           sum(hour_seconds[11]) as s11,
           sum(hour_seconds[12]) as s12,
           sum(hour_seconds[13]) as s13,
           sum(hour_seconds[14]) as s14,
           sum(hour_seconds[15]) as s15,
           sum(hour_seconds[16]) as s16,
           sum(hour_seconds[17]) as s17,
           sum(hour_seconds[18]) as s18,
           sum(hour_seconds[19]) as s19,
           sum(hour_seconds[20]) as s20,
           sum(hour_seconds[21]) as s21,
           sum(hour_seconds[22]) as s22,
           sum(hour_seconds[23]) as s23,
           sum(hour_seconds[24]) as s24
    from daily_availability
    group by 1, 2, 3
  ) m
  cross join (values (1), (3), (12)) as g(months)
  group by 1, 2, 3, 4
) b;
