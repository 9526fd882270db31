ALTER TABLE "doctors" ALTER COLUMN "price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "doctors" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Doctors listed before publishing existed stay listed when their profile is complete (a specialisation and hours).
UPDATE "doctors" SET "published_at" = now()
WHERE jsonb_array_length("specialisations") > 0
  AND (jsonb_array_length("weekly_hours") > 0 OR jsonb_array_length("extra_hours") > 0)
  AND "price" IS NOT NULL;
