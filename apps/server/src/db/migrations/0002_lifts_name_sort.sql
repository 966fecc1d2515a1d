-- The lift list's default order (name ignoring case and accents, per organisation), so a page without
-- a search reads only its own rows. Matches orderBySql() in modules/lifts/lifts.repository.ts.
CREATE INDEX "lifts_name_sort_idx" ON "lifts" USING btree ("organisation_id",nullif(liftwacht_fold("name"), ''),"name","id");