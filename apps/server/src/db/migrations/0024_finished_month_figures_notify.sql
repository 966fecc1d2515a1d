-- The alarm figures of finished local months (calls other than tests, `unavailable` events) are
-- kept in memory per node (modules/dashboard/alarm-month-cache.ts). A change to a row that started
-- before the current local month NOTIFYs liftwacht_availability with 'alarms:<first day of its
-- month>' on commit, and every node forgets that month. Rows of the current month, what ingest
-- writes all day, send nothing: a node keeps a month only from an hour after it ended, so a write
-- dated in it either ran before that (and is in what the node loads) or signals. Row triggers with
-- WHEN: a row that does not qualify costs no trigger call; equal signals of one transaction are
-- folded into one by PostgreSQL.
CREATE FUNCTION liftwacht_alarm_month_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('liftwacht_availability', 'alarms:*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('liftwacht_availability',
      'alarms:' || to_char(OLD.started_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM') || '-01');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('liftwacht_availability',
      'alarms:' || to_char(NEW.started_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM') || '-01');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_insert AFTER INSERT ON calls FOR EACH ROW
  WHEN (NEW.kind <> 'test'
        AND NEW.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_update AFTER UPDATE ON calls FOR EACH ROW
  WHEN ((OLD.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam'
         OR NEW.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
        AND (OLD.lift_id, OLD.started_at, OLD.kind, OLD.acknowledged_at, OLD.passenger_freed_at)
            IS DISTINCT FROM (NEW.lift_id, NEW.started_at, NEW.kind, NEW.acknowledged_at, NEW.passenger_freed_at))
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_delete AFTER DELETE ON calls FOR EACH ROW
  WHEN (OLD.kind <> 'test'
        AND OLD.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER calls_alarm_month_truncate AFTER TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_insert AFTER INSERT ON events FOR EACH ROW
  WHEN (NEW.type = 'unavailable'
        AND NEW.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_update AFTER UPDATE ON events FOR EACH ROW
  WHEN ((OLD.type = 'unavailable' OR NEW.type = 'unavailable')
        AND (OLD.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam'
             OR NEW.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
        AND (OLD.lift_id, OLD.type, OLD.started_at, OLD.ended_at)
            IS DISTINCT FROM (NEW.lift_id, NEW.type, NEW.started_at, NEW.ended_at))
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_delete AFTER DELETE ON events FOR EACH ROW
  WHEN (OLD.type = 'unavailable'
        AND OLD.started_at < date_trunc('month', clock_timestamp() AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'Europe/Amsterdam')
  EXECUTE FUNCTION liftwacht_alarm_month_changed();--> statement-breakpoint
CREATE TRIGGER events_alarm_month_truncate AFTER TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_alarm_month_changed();
