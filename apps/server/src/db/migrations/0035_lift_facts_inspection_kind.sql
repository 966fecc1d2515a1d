-- The kind of the lift's most recent inspection (inspections.log_type) beside its day and result,
-- so the lift export reads the last inspection from lift_facts in its one query a batch, as it reads
-- the last maintenance visit from lift_maintenance_rides, instead of two more queries a batch.
ALTER TABLE "lift_facts" ADD COLUMN "last_log_type" text;--> statement-breakpoint
-- Migration 0033's refresh, writing the last inspection's kind too.
CREATE OR REPLACE FUNCTION liftwacht_lift_facts_refresh(lift_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM lift_facts WHERE lift_id = ANY(lift_ids) ORDER BY lift_id FOR UPDATE;
  INSERT INTO lift_facts AS f (lift_id, inspection_valid_until, last_inspected_on, last_result, last_valid_until, module_id,
                               inspection_due_on, last_log_type)
  SELECT l.id, va.valid_until, li.inspected_on, li.result, li.valid_until, m.id,
         coalesce(va.valid_until, (l.commissioned_on + interval '12 months')::date), li.log_type
  FROM lifts l
  LEFT JOIN LATERAL (
    SELECT max(i.valid_until) AS valid_until FROM inspections i WHERE i.lift_id = l.id AND i.result = 'approved'
  ) va ON true
  LEFT JOIN LATERAL (
    SELECT i.inspected_on, i.result, i.valid_until, i.log_type FROM inspections i WHERE i.lift_id = l.id
    ORDER BY i.inspected_on DESC, i.id DESC LIMIT 1
  ) li ON true
  LEFT JOIN LATERAL (
    -- A lift normally has one module; after a swap the one heard from last is the lift's.
    SELECT m.id FROM modules m WHERE m.lift_id = l.id ORDER BY m.last_seen_at DESC NULLS LAST, m.id DESC LIMIT 1
  ) m ON true
  WHERE l.id = ANY(lift_ids)
  ON CONFLICT (lift_id) DO UPDATE
    SET inspection_valid_until = excluded.inspection_valid_until, last_inspected_on = excluded.last_inspected_on,
        last_result = excluded.last_result, last_valid_until = excluded.last_valid_until, module_id = excluded.module_id,
        inspection_due_on = excluded.inspection_due_on, last_log_type = excluded.last_log_type
    WHERE (f.inspection_valid_until, f.last_inspected_on, f.last_result, f.last_valid_until, f.module_id, f.inspection_due_on,
           f.last_log_type)
          IS DISTINCT FROM (excluded.inspection_valid_until, excluded.last_inspected_on, excluded.last_result,
                            excluded.last_valid_until, excluded.module_id, excluded.inspection_due_on, excluded.last_log_type);
END $$;
--> statement-breakpoint
-- Migration 0026's inspections trigger: a change of kind now changes the facts too.
CREATE OR REPLACE FUNCTION liftwacht_inspections_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT lift_id) INTO affected FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c.lift_id) INTO affected
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.lift_id), (o.lift_id)) AS c(lift_id)
    WHERE (n.lift_id, n.inspected_on, n.result, n.valid_until, n.log_type)
          IS DISTINCT FROM (o.lift_id, o.inspected_on, o.result, o.valid_until, o.log_type);
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
-- The lifts already there.
SELECT liftwacht_lift_facts_refresh(array_agg(id)) FROM lifts;
