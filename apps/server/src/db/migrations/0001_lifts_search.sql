-- Case and accent folding for the lift search: lower() after translate() of the accented Latin
-- letters Dutch names and addresses use (unaccent is an extension PGlite does not always offer).
-- IMMUTABLE, so lifts.search_text can be a generated column. Pure ASCII (most values; the
-- databases are UTF-8, where a multi-byte character makes octet_length exceed length) skips the
-- translate, which costs ~15 µs a value. Not STRICT, so PostgreSQL inlines it into queries.
CREATE OR REPLACE FUNCTION liftwacht_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(CASE WHEN octet_length(value) = length(value) THEN value
                          ELSE translate(value, 'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈČçćĉčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĥÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽŁĺļľłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤţťÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŶŸýŷÿŹŻŽźżž', 'AAAAAAAAAaaaaaaaaaCCCCccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHhIIIIIIIIIiiiiiiiiiJjKkLLLLllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz') END) $$;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (liftwacht_fold(name || ' | ' || address || ' | ' || coalesce(postal_code, '') || ' ' || coalesce(replace(postal_code, ' ', ''), '') || ' | ' || coalesce(city, '') || ' | ' || coalesce(building_name, '') || ' | ' || coalesce(sbcl_id, '') || ' | ' || coalesce(serial_number, '') || ' | ' || coalesce(owner_number, '') || ' | ' || coalesce(inspection_number, '') || ' | ' || coalesce(installer_number, '') || ' | ' || coalesce(telephone_number, '') || ' | ' || coalesce(manufacturer_number, ''))) STORED;--> statement-breakpoint
CREATE INDEX "visits_progress_idx" ON "visits" USING btree ("lift_id") WHERE "visits"."state" = 'progress';