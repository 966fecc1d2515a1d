CREATE TABLE "calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lift_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"test_result" text,
	"handled_by" text,
	"notes" text,
	"source_message_id" text,
	CONSTRAINT "calls_source_message_id_unique" UNIQUE("source_message_id")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "counters_lift_id_kind_bucket_start_pk" PRIMARY KEY("lift_id","kind","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "daily_availability" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"hour_seconds" double precision[] NOT NULL,
	CONSTRAINT "daily_availability_lift_id_kind_day_pk" PRIMARY KEY("lift_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "daily_counters" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "daily_counters_lift_id_kind_day_pk" PRIMARY KEY("lift_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lift_id" integer NOT NULL,
	"type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"floor" smallint,
	"data" jsonb,
	"source_message_id" text,
	CONSTRAINT "events_source_message_id_unique" UNIQUE("source_message_id")
);
--> statement-breakpoint
CREATE TABLE "ingested_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"es_number" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lift_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"result" text NOT NULL,
	"valid_until" date,
	"body" text,
	"log_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text,
	"city" text,
	"building_name" text,
	"sbcl_id" text,
	"serial_number" text,
	"owner_number" text,
	"inspection_number" text,
	"installer_number" text,
	"telephone_number" text,
	"manufacturer_number" text,
	"lift_type" text,
	"has_flow" boolean DEFAULT false NOT NULL,
	"maintenance_interval_days" integer DEFAULT 90 NOT NULL,
	"service_ride_threshold" integer DEFAULT 20000 NOT NULL,
	"commissioned_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logbook" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lift_id" integer NOT NULL,
	"log_type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "mail_queue_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"es_number" text NOT NULL,
	"lift_id" integer,
	"firmware" text,
	"key_hash" text,
	"last_seen_at" timestamp with time zone,
	"connected" boolean DEFAULT false NOT NULL,
	CONSTRAINT "modules_es_number_unique" UNIQUE("es_number")
);
--> statement-breakpoint
CREATE TABLE "organisation_access" (
	"organisation_id" integer NOT NULL,
	"accessible_organisation_id" integer NOT NULL,
	CONSTRAINT "organisation_access_organisation_id_accessible_organisation_id_pk" PRIMARY KEY("organisation_id","accessible_organisation_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sense_configuration" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"module_type" text
);
--> statement-breakpoint
CREATE TABLE "sense_data" (
	"lift_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "sense_data_lift_id_key_pk" PRIMARY KEY("lift_id","key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"lift_id" integer,
	"channel" text DEFAULT 'email' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"organisation_id" integer NOT NULL,
	"locale" text DEFAULT 'nl' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lift_id" integer NOT NULL,
	"type" text NOT NULL,
	"role" text NOT NULL,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"person" text,
	"remarks" text
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_availability" ADD CONSTRAINT "daily_availability_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_counters" ADD CONSTRAINT "daily_counters_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifts" ADD CONSTRAINT "lifts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook" ADD CONSTRAINT "logbook_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_access" ADD CONSTRAINT "organisation_access_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_access" ADD CONSTRAINT "organisation_access_accessible_organisation_id_organisations_id_fk" FOREIGN KEY ("accessible_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sense_data" ADD CONSTRAINT "sense_data_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_lift_started_idx" ON "calls" USING btree ("lift_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_open_idx" ON "calls" USING btree ("lift_id") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "events_lift_type_started_idx" ON "events" USING btree ("lift_id","type","started_at");--> statement-breakpoint
CREATE INDEX "events_open_idx" ON "events" USING btree ("type","lift_id") WHERE "events"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "events_started_idx" ON "events" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "inspections_lift_idx" ON "inspections" USING btree ("lift_id","inspected_on");--> statement-breakpoint
CREATE INDEX "lifts_organisation_idx" ON "lifts" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "logbook_lift_at_idx" ON "logbook" USING btree ("lift_id","at");--> statement-breakpoint
CREATE INDEX "mail_queue_pending_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "modules_lift_idx" ON "modules" USING btree ("lift_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sense_configuration_type_key" ON "sense_configuration" USING btree ("type","key","module_type");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_type_idx" ON "subscriptions" USING btree ("event_type");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "visits_lift_started_idx" ON "visits" USING btree ("lift_id","started_at");