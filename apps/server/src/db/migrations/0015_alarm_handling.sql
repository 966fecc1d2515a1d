CREATE TABLE "call_escalations" (
	"call_id" bigint NOT NULL,
	"level" smallint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_escalations_call_id_level_pk" PRIMARY KEY("call_id","level")
);
--> statement-breakpoint
CREATE TABLE "call_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"user_id" integer,
	"data" jsonb
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "assigned_user_id" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "assigned_organisation_id" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "passenger_freed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "kind_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "ended_by" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "escalation_first_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "escalation_second_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_escalations" ADD CONSTRAINT "call_escalations_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_steps" ADD CONSTRAINT "call_steps_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_steps" ADD CONSTRAINT "call_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_steps_call_idx" ON "call_steps" USING btree ("call_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "call_steps_module_phase_idx" ON "call_steps" USING btree ("call_id","action") WHERE "call_steps"."source" = 'module';--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_assigned_organisation_id_organisations_id_fk" FOREIGN KEY ("assigned_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;