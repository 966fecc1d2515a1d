ALTER TABLE "inspections" ADD COLUMN "findings" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "certificate" "bytea";--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "certificate_name" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "certificate_bytes" integer;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "recorded_by" integer;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "logbook" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "logbook" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook" ADD CONSTRAINT "logbook_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;