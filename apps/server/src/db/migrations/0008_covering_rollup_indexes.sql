-- Covering indexes for the dashboard's period view (modules/dashboard): the rollup rows of a whole
-- fleet for one period are read index-only in day / block order instead of a heap page per row.
DROP INDEX "daily_availability_day_idx";--> statement-breakpoint
DROP INDEX "monthly_availability_block_idx";--> statement-breakpoint
CREATE INDEX "daily_availability_day_cover_idx" ON "daily_availability" USING btree ("day","kind","lift_id","hour_seconds");--> statement-breakpoint
CREATE INDEX "monthly_availability_block_cover_idx" ON "monthly_availability" USING btree ("month","months","kind","lift_id","through_hour");--> statement-breakpoint
CREATE INDEX "monthly_counters_kind_month_days_idx" ON "monthly_counters" USING btree ("kind","month","lift_id","through_day");