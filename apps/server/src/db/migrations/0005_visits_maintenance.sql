-- Finished maintenance visits in (lift, time) order for the period figures (modules/dashboard/
-- period-figures.repository.ts): their lag/lead window reads the index instead of sorting the fleet's visits.
CREATE INDEX "visits_maintenance_idx" ON "visits" USING btree ("lift_id","started_at") WHERE "visits"."type" = 'maintenance' and "visits"."state" = 'finished';