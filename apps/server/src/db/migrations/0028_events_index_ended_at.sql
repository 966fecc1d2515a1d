-- The dashboard's live part of availability (modules/dashboard/availability.repository.ts, the
-- CTEs cutoff and recent) reads, for each lift with an open event, that event's start and the
-- lift's events of that kind that ended after the day it began. With ended_at in the key of the
-- per-lift index and started_at in the key of the open events' index, both are read from the
-- indexes alone, where each event cost a heap page (~3,000 buffers, a third of a month's
-- statistics request at 10,000 lifts). Closing an event already changes an indexed column
-- (events_open_idx's predicate), so no update stops being HOT; an insert writes the same indexes.
DROP INDEX "events_lift_type_started_idx";--> statement-breakpoint
CREATE INDEX "events_lift_type_started_idx" ON "events" USING btree ("lift_id","type","started_at","ended_at");--> statement-breakpoint
DROP INDEX "events_open_idx";--> statement-breakpoint
CREATE INDEX "events_open_idx" ON "events" USING btree ("type","lift_id","started_at") WHERE "events"."ended_at" is null;
