-- The current view counts its lifts from the list of lifts in service that each node keeps beside
-- the availability months (modules/dashboard/current-counts.ts), which now holds each lift's ride
-- threshold too: a change to it NOTIFYs 'lifts' like a change to the lifts' organisation, service
-- or intercom (migration 0023), and every node forgets its lists.
DROP TRIGGER IF EXISTS lifts_scope_changed ON lifts;--> statement-breakpoint
CREATE TRIGGER lifts_scope_changed
  AFTER INSERT OR DELETE OR UPDATE OF organisation_id, decommissioned_on, lift_type, service_ride_threshold OR TRUNCATE ON lifts
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_lifts_scope_changed();--> statement-breakpoint
-- The alarm figures keep finished days of the current month too (the month so far up to yesterday,
-- modules/dashboard/alarm-month-cache.ts): a change to a call or `unavailable` event that started
-- before the current local day, not only before the current month, now NOTIFYs 'alarms:<its
-- month>' (liftwacht_alarm_month_changed of migration 0024, unchanged). What ingest writes for today
-- still sends nothing; closing an outage or acknowledging a call that began before midnight does.
DROP TRIGGER calls_alarm_month_insert ON calls;--> statement-breakpoint
DROP TRIGGER calls_alarm_month_update ON calls;--> statement-breakpoint
DROP TRIGGER calls_alarm_month_delete ON calls;--> statement-breakpoint
DROP TRIGGER events_alarm_month_insert ON events;--> statement-breakpoint
DROP TRIGGER events_alarm_month_update ON events;--> statement-breakpoint
DROP TRIGGER events_alarm_month_delete ON events;--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_insert AFTER INSERT ON calls FOR EACH ROW
  WHEN (NEW.kind <> 'test'
        AND NEW.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_update AFTER UPDATE ON calls FOR EACH ROW
  WHEN ((OLD.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam'
         OR NEW.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
        AND (OLD.lift_id, OLD.started_at, OLD.kind, OLD.acknowledged_at, OLD.passenger_freed_at)
            IS DISTINCT FROM (NEW.lift_id, NEW.started_at, NEW.kind, NEW.acknowledged_at, NEW.passenger_freed_at))
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_delete AFTER DELETE ON calls FOR EACH ROW
  WHEN (OLD.kind <> 'test'
        AND OLD.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_insert AFTER INSERT ON events FOR EACH ROW
  WHEN (NEW.type = 'unavailable'
        AND NEW.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_update AFTER UPDATE ON events FOR EACH ROW
  WHEN ((OLD.type = 'unavailable' OR NEW.type = 'unavailable')
        AND (OLD.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam'
             OR NEW.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
        AND (OLD.lift_id, OLD.type, OLD.started_at, OLD.ended_at)
            IS DISTINCT FROM (NEW.lift_id, NEW.type, NEW.started_at, NEW.ended_at))
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_delete AFTER DELETE ON events FOR EACH ROW
  WHEN (OLD.type = 'unavailable'
        AND OLD.started_at < date_trunc('day', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();
