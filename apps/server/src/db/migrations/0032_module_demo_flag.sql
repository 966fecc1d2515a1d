-- Which modules the demo simulator may speak for: only those the demo seed made. Every module
-- registered through the API gets a key at registration; the seed's modules have none until
-- provisioned. A database the demo seeded (its users exist) keeps its simulated fleet after this
-- upgrade; every other module stays real.
ALTER TABLE "modules" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "modules" SET "demo" = true
WHERE "key_hash" IS NULL AND EXISTS (SELECT 1 FROM "users" WHERE "username" = 'demo-admin');
