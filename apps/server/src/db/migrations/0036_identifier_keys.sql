DROP INDEX "users_username_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_unique" ON "users" USING btree ("username_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_unique" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key_unique" ON "users" USING btree ("email_key");--> statement-breakpoint
-- One spelling per person: each user's username and email are stored once more in their normalised
-- form (username_key, email_key) and the username's UTS #39 skeleton (username_skeleton), each
-- unique. The server computes them (lib/identifiers.ts) on every write it makes, and at start-up
-- it re-keys every row in that function (modules/auth/identifier-report.ts): the skeleton needs the
-- confusables data, which SQL does not have. Until then existing rows get the SQL form below, the
-- oldest row of each key first; a row whose key an older row holds keeps none and is reported.
CREATE OR REPLACE FUNCTION liftwacht_identifier_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT normalize(lower(normalize(replace(value, U&'\0130', 'i'), NFKC)), NFKC)
$$;
--> statement-breakpoint
UPDATE users u SET username_key = k.key
FROM (
  SELECT id, liftwacht_identifier_key(username) AS key,
         row_number() OVER (PARTITION BY liftwacht_identifier_key(username) ORDER BY id) AS n
  FROM users
) k
WHERE k.id = u.id AND k.n = 1;
--> statement-breakpoint
UPDATE users u SET email_key = k.key
FROM (
  SELECT id, liftwacht_identifier_key(email) AS key,
         row_number() OVER (PARTITION BY liftwacht_identifier_key(email) ORDER BY id) AS n
  FROM users
) k
WHERE k.id = u.id AND k.n = 1;
--> statement-breakpoint
-- A write that names no key (a script, a test's fixture, an older node in a rolling upgrade) still
-- gets one, so it can log in and is held to uniqueness; the start-up re-keys it in the server's
-- function and adds its skeleton. The server's own writes always name every key.
CREATE OR REPLACE FUNCTION users_identifier_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.username_key IS NULL THEN NEW.username_key := liftwacht_identifier_key(NEW.username); END IF;
    IF NEW.email_key IS NULL THEN NEW.email_key := liftwacht_identifier_key(NEW.email); END IF;
  ELSE
    IF NEW.username IS DISTINCT FROM OLD.username AND NEW.username_key IS NOT DISTINCT FROM OLD.username_key THEN
      NEW.username_key := liftwacht_identifier_key(NEW.username);
      NEW.username_skeleton := NULL;
    END IF;
    IF NEW.email IS DISTINCT FROM OLD.email AND NEW.email_key IS NOT DISTINCT FROM OLD.email_key THEN
      NEW.email_key := liftwacht_identifier_key(NEW.email);
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_identifier_keys BEFORE INSERT OR UPDATE OF username, email ON users
FOR EACH ROW EXECUTE FUNCTION users_identifier_keys();
