CREATE TYPE "public"."call_event_kind" AS ENUM('join', 'leave', 'reconnect', 'disconnect', 'end');--> statement-breakpoint
CREATE TYPE "public"."meeting_role" AS ENUM('patient', 'doctor');--> statement-breakpoint
CREATE TYPE "public"."message_recipient_type" AS ENUM('operator', 'doctor', 'patient');--> statement-breakpoint
CREATE TYPE "public"."message_sender_type" AS ENUM('patient', 'operator', 'doctor');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('Sent', 'Delivered', 'Read');--> statement-breakpoint
CREATE TYPE "public"."support_request_source" AS ENUM('call', 'desk');--> statement-breakpoint
CREATE TYPE "public"."support_request_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TABLE "call_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "meeting_role" NOT NULL,
	"kind" "call_event_kind" NOT NULL,
	"details" jsonb,
	"at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid,
	"operator_id" uuid,
	"appointment_id" uuid,
	"sender_user_id" uuid NOT NULL,
	"sender_type" "message_sender_type" NOT NULL,
	"recipient_type" "message_recipient_type" NOT NULL,
	"status" "message_status" DEFAULT 'Sent' NOT NULL,
	"text" text NOT NULL,
	"client_message_id" uuid NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"source" "support_request_source" NOT NULL,
	"appointment_id" uuid,
	"message" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "support_request_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "advice" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_events_appointment_idx" ON "call_events" USING btree ("appointment_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id" ON "messages" USING btree ("sender_user_id","client_message_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("patient_id","doctor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_appointment_idx" ON "messages" USING btree ("appointment_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_requests_status_idx" ON "support_requests" USING btree ("status","created_at");