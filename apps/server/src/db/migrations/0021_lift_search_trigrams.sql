-- The lift search's "contains" matches (free text on lifts.search_text, and module numbers) read
-- trigram indexes instead of every lift of the scope: at 10,000 lifts a word matched ~100 lifts in
-- 4–5 ms where the name-ordered scan of all 10,000 took ~25 ms. pg_trgm ships with PostgreSQL
-- (contrib) and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lifts_search_text_trgm_idx" ON "lifts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modules_es_number_trgm_idx" ON "modules" USING gin (liftwacht_fold("es_number") gin_trgm_ops);
