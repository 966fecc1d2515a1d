CREATE TABLE "lift_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "module_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"lift_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlinked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unregistered_modules" (
	"es_number" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"last_kind" text
);
--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "decommissioned_on" date;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "key_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "last_provisioning" jsonb;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "last_provisioning_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lift_imports" ADD CONSTRAINT "lift_imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lift_imports" ADD CONSTRAINT "lift_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lift_imports_organisation_idx" ON "lift_imports" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "module_links_module_idx" ON "module_links" USING btree ("module_id","linked_at");--> statement-breakpoint
CREATE INDEX "module_links_lift_idx" ON "module_links" USING btree ("lift_id","linked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "module_links_open_module_idx" ON "module_links" USING btree ("module_id") WHERE "module_links"."unlinked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "module_links_open_lift_idx" ON "module_links" USING btree ("lift_id") WHERE "module_links"."unlinked_at" is null;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modules_organisation_idx" ON "modules" USING btree ("organisation_id");--> statement-breakpoint
-- Modules fitted before links were recorded: owned by their lift's organisation, linked since the
-- lift was commissioned (or since now, when that is unknown).
UPDATE "modules" m SET "organisation_id" = l."organisation_id" FROM "lifts" l WHERE l."id" = m."lift_id";--> statement-breakpoint
INSERT INTO "module_links" ("module_id", "lift_id", "linked_at")
  SELECT m."id", m."lift_id", coalesce(l."commissioned_on"::timestamp at time zone 'Europe/Amsterdam', now())
  FROM "modules" m JOIN "lifts" l ON l."id" = m."lift_id";
