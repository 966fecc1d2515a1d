CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "started_by_module" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_open_by_user_idx" ON "visits" USING btree ("lift_id","started_by") WHERE "visits"."state" = 'progress' and "visits"."started_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_open_by_module_idx" ON "visits" USING btree ("lift_id") WHERE "visits"."state" = 'progress' and "visits"."started_by_module";