-- The lifts a fleet's statistics count (organisation, in service, with an intercom) are kept in
-- memory per node beside the availability months (modules/dashboard/availability-month-cache.ts).
-- Every change to what decides them NOTIFYs liftwacht_availability with 'lifts' on commit, and
-- every node forgets its lists. Statement triggers: one signal per statement, and PostgreSQL folds
-- equal signals of one transaction into one.
CREATE FUNCTION liftwacht_lifts_scope_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('liftwacht_availability', 'lifts');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER lifts_scope_changed AFTER INSERT OR DELETE OR UPDATE OF organisation_id, decommissioned_on, lift_type OR TRUNCATE ON lifts
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_lifts_scope_changed();
