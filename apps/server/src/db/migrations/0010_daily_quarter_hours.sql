CREATE TABLE "daily_quarter_hours" (
	"lift_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"sums" bigint[] NOT NULL,
	CONSTRAINT "daily_quarter_hours_lift_id_kind_day_pk" PRIMARY KEY("lift_id","kind","day")
);
--> statement-breakpoint
ALTER TABLE "daily_quarter_hours" ADD CONSTRAINT "daily_quarter_hours_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;