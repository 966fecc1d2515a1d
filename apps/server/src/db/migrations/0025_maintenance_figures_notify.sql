-- The maintenance and inspection figures' inputs (maintenance_gaps, inspections, the lifts'
-- maintenance intervals) are kept in memory per node as one snapshot
-- (modules/dashboard/maintenance-totals.ts). Any change to them NOTIFYs liftwacht_availability
-- with 'maintenance:*' on commit, and every node forgets its snapshot. Row triggers on the two
-- tables: the gaps refresh of migration 0007 runs its statements for every visits write, also when
-- no maintenance visit changed, and a statement trigger would signal each of them. Equal signals
-- of one transaction are folded into one by PostgreSQL.
CREATE FUNCTION liftwacht_maintenance_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('liftwacht_availability', 'maintenance:*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER maintenance_gaps_figures_changed AFTER INSERT OR UPDATE OR DELETE ON maintenance_gaps
  FOR EACH ROW EXECUTE FUNCTION liftwacht_maintenance_figures_changed();--> statement-breakpoint
CREATE TRIGGER maintenance_gaps_figures_truncated AFTER TRUNCATE ON maintenance_gaps
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_maintenance_figures_changed();--> statement-breakpoint
CREATE TRIGGER inspections_figures_changed AFTER INSERT OR UPDATE OR DELETE ON inspections
  FOR EACH ROW EXECUTE FUNCTION liftwacht_maintenance_figures_changed();--> statement-breakpoint
CREATE TRIGGER inspections_figures_truncated AFTER TRUNCATE ON inspections
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_maintenance_figures_changed();--> statement-breakpoint
CREATE TRIGGER lifts_maintenance_interval_changed AFTER INSERT OR DELETE OR UPDATE OF maintenance_interval_days OR TRUNCATE ON lifts
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_maintenance_figures_changed();
