-- The current view counts its lifts from the list of lifts in service that each node keeps beside
-- the availability months (modules/dashboard/current-counts.ts), which now holds each lift's ride
-- threshold too: a change to it NOTIFYs 'lifts' like a change to the lifts' organisation, service
-- or intercom (migration 0023), and every node forgets its lists.
DROP TRIGGER IF EXISTS lifts_scope_changed ON lifts;--> statement-breakpoint
CREATE TRIGGER lifts_scope_changed
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id, decommissioned_on, lift_type, service_ride_threshold OR TRUNCATE ON lifts
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_lifts_scope_changed();
