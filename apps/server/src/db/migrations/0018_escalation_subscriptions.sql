CREATE TABLE "escalation_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lift_id" integer
);
--> statement-breakpoint
ALTER TABLE "escalation_subscriptions" ADD CONSTRAINT "escalation_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_subscriptions" ADD CONSTRAINT "escalation_subscriptions_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escalation_subscriptions_user_idx" ON "escalation_subscriptions" USING btree ("user_id");