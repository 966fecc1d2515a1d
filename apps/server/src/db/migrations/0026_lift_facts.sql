CREATE TABLE "lift_facts" (
	"lift_id" integer PRIMARY KEY NOT NULL,
	"inspection_valid_until" date,
	"last_inspected_on" date,
	"last_result" text,
	"last_valid_until" date,
	"module_id" integer
);
--> statement-breakpoint
ALTER TABLE "lift_facts" ADD CONSTRAINT "lift_facts_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One row a lift with what the lift list shows beside the lift's own columns: the latest approval's
-- validity, the most recent inspection and the module fitted (see liftFacts in schema.ts). A page
-- of the list is then one index range joined by primary key. Triggers on lifts, inspections and
-- modules keep the rows for every writer (the portal, imports, the admin command line, plain SQL);
-- the seed's bulk load skips triggers and calls the refresh itself.
--
-- Recomputes the rows of `lift_ids`. Locks the rows before reading: a concurrent writer for the
-- same lift has then committed, and the next statement's snapshot sees its rows (as
-- liftwacht_lift_maintenance_rides_refresh does).
CREATE FUNCTION liftwacht_lift_facts_refresh(lift_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM lift_facts WHERE lift_id = ANY(lift_ids) ORDER BY lift_id FOR UPDATE;
  INSERT INTO lift_facts AS f (lift_id, inspection_valid_until, last_inspected_on, last_result, last_valid_until, module_id)
  SELECT l.id, va.valid_until, li.inspected_on, li.result, li.valid_until, m.id
  FROM lifts l
  LEFT JOIN LATERAL (
    SELECT max(i.valid_until) AS valid_until FROM inspections i WHERE i.lift_id = l.id AND i.result = 'approved'
  ) va ON true
  LEFT JOIN LATERAL (
    SELECT i.inspected_on, i.result, i.valid_until FROM inspections i WHERE i.lift_id = l.id
    ORDER BY i.inspected_on DESC, i.id DESC LIMIT 1
  ) li ON true
  LEFT JOIN LATERAL (
    -- A lift normally has one module; after a swap the one heard from last is the lift's.
    SELECT m.id FROM modules m WHERE m.lift_id = l.id ORDER BY m.last_seen_at DESC NULLS LAST, m.id DESC LIMIT 1
  ) m ON true
  WHERE l.id = ANY(lift_ids)
  ON CONFLICT (lift_id) DO UPDATE
    SET inspection_valid_until = excluded.inspection_valid_until, last_inspected_on = excluded.last_inspected_on,
        last_result = excluded.last_result, last_valid_until = excluded.last_valid_until, module_id = excluded.module_id
    WHERE (f.inspection_valid_until, f.last_inspected_on, f.last_result, f.last_valid_until, f.module_id)
          IS DISTINCT FROM (excluded.inspection_valid_until, excluded.last_inspected_on, excluded.last_result,
                            excluded.last_valid_until, excluded.module_id);
END $$;
--> statement-breakpoint
-- Every lift has its row, so reads join by primary key.
CREATE FUNCTION liftwacht_lifts_facts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM liftwacht_lift_facts_refresh(array_agg(id)) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lifts_facts_insert AFTER INSERT ON lifts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_lifts_facts_inserted();
--> statement-breakpoint
-- Inspections: the lifts of rows added or removed, and of rows whose lift, day, result or validity
-- changed (a certificate or findings edit leaves the facts alone). TRUNCATE: every lift.
CREATE FUNCTION liftwacht_inspections_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c.lift_id) INTO affected
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.lift_id), (o.lift_id)) AS c(lift_id)
    WHERE (n.lift_id, n.inspected_on, n.result, n.valid_until) IS DISTINCT FROM (o.lift_id, o.inspected_on, o.result, o.valid_until);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM old_rows;
  ELSE
    SELECT array_agg(id) INTO affected FROM lifts;
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM liftwacht_lift_facts_refresh(affected);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspections_facts_insert AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_inspections_facts_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_facts_update AFTER UPDATE ON inspections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_inspections_facts_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_facts_delete AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_inspections_facts_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_facts_truncate AFTER TRUNCATE ON inspections
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_inspections_facts_changed();
--> statement-breakpoint
-- Modules added or removed (statement triggers), and TRUNCATE: every lift.
CREATE FUNCTION liftwacht_modules_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM new_rows WHERE lift_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM old_rows WHERE lift_id IS NOT NULL;
  ELSE
    SELECT array_agg(id) INTO affected FROM lifts;
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM liftwacht_lift_facts_refresh(affected);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER modules_facts_insert AFTER INSERT ON modules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_modules_facts_changed();
--> statement-breakpoint
CREATE TRIGGER modules_facts_delete AFTER DELETE ON modules
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_modules_facts_changed();
--> statement-breakpoint
CREATE TRIGGER modules_facts_truncate AFTER TRUNCATE ON modules
  FOR EACH STATEMENT EXECUTE FUNCTION liftwacht_modules_facts_changed();
--> statement-breakpoint
-- A module moved between lifts, or heard from (ingest sets last_seen_at). A row trigger with a
-- column list and a WHEN, so that ingest's updates of modules fire nothing unless last_seen_at
-- changed (a statement trigger would run on every ingest batch, and cannot have a column list with
-- transition tables). A lift with one module keeps it whenever it is heard from; only a lift with
-- more than one (a swap) may change which one is the lift's.
CREATE FUNCTION liftwacht_module_facts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF new.lift_id IS DISTINCT FROM old.lift_id OR new.id <> old.id THEN
    PERFORM liftwacht_lift_facts_refresh(array_remove(ARRAY[old.lift_id, new.lift_id], NULL));
  ELSIF new.lift_id IS NOT NULL AND EXISTS (SELECT 1 FROM modules m WHERE m.lift_id = new.lift_id AND m.id <> new.id) THEN
    PERFORM liftwacht_lift_facts_refresh(ARRAY[new.lift_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER modules_facts_update AFTER UPDATE OF lift_id, last_seen_at, id ON modules
  FOR EACH ROW WHEN (old.lift_id IS DISTINCT FROM new.lift_id OR old.last_seen_at IS DISTINCT FROM new.last_seen_at OR old.id <> new.id)
  EXECUTE FUNCTION liftwacht_module_facts_moved();
--> statement-breakpoint
-- The lifts already there.
SELECT liftwacht_lift_facts_refresh(array_agg(id)) FROM lifts;
