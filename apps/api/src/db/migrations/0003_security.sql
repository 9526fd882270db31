ALTER TABLE "feedback" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivery_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_one_per_appointment" ON "feedback" USING btree ("appointment_id") WHERE appointment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_delivery_key" ON "notifications" USING btree ("delivery_key");--> statement-breakpoint
-- Doctor reviews now name the completed consultation they review; older ones, which anyone could write, are unpublished.
UPDATE "feedback" SET "is_published" = false WHERE "type" = 'doctor' AND "appointment_id" IS NULL;
