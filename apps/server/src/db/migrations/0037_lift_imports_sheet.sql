ALTER TABLE "lift_imports" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lift_imports" ADD COLUMN "sheet" "bytea";