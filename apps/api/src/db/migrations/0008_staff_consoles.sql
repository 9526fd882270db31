CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."support_reply_channel" AS ENUM('email', 'chat');--> statement-breakpoint
CREATE TYPE "public"."support_request_topic" AS ENUM('account', 'booking', 'payment', 'consultation', 'technical', 'documents', 'other');--> statement-breakpoint
CREATE TYPE "public"."specialist_application_status" AS ENUM('draft', 'submitted', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."support_request_status" ADD VALUE 'in_progress' BEFORE 'closed';--> statement-breakpoint
CREATE TABLE "support_request_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author_id" uuid,
	"channel" "support_reply_channel" NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"employees" integer,
	"message" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'uk' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"question" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"helpful_yes" integer DEFAULT 0 NOT NULL,
	"helpful_no" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower((question->>'uk') || ' ' || (question->>'en') || ' ' || (answer->>'uk') || ' ' || (answer->>'en'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" uuid,
	"appointment_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specialist_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "specialist_application_status" DEFAULT 'draft' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"specialisations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bio" jsonb DEFAULT '{"uk":"","en":""}'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '["uk"]'::jsonb NOT NULL,
	"experience_years" integer DEFAULT 0 NOT NULL,
	"diploma_storage_key" text,
	"diploma_content_type" text,
	"diploma_size" integer,
	"diploma_file_name" text,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specialist_applications_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
DROP INDEX "audit_log_patient_idx";--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "moderated_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "topic" "support_request_topic" DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "locale" text DEFAULT 'uk' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "attachment_storage_key" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "attachment_content_type" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "attachment_size" integer;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_request_replies" ADD CONSTRAINT "support_request_replies_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_request_replies" ADD CONSTRAINT "support_request_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_questions" ADD CONSTRAINT "faq_questions_topic_id_faq_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."faq_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notes" ADD CONSTRAINT "patient_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_applications" ADD CONSTRAINT "specialist_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specialist_applications" ADD CONSTRAINT "specialist_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_request_replies_request_idx" ON "support_request_replies" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "corporate_leads_created_idx" ON "corporate_leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "faq_questions_topic_idx" ON "faq_questions" USING btree ("topic_id","position");--> statement-breakpoint
CREATE INDEX "faq_questions_search_idx" ON "faq_questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patient_notes_patient_idx" ON "patient_notes" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "specialist_applications_status_idx" ON "specialist_applications" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_access_token" ON "support_requests" USING btree ("access_token_hash");--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id","created_at");