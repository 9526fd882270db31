CREATE TABLE "support_request_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The links sent before keep working: each request's one token becomes its first link.
INSERT INTO "support_request_links" ("token_hash", "request_id", "created_at")
SELECT "access_token_hash", "id", "created_at" FROM "support_requests" WHERE "access_token_hash" IS NOT NULL;--> statement-breakpoint
DROP INDEX "support_requests_access_token";--> statement-breakpoint
ALTER TABLE "support_request_replies" ADD COLUMN "from_requester" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_request_links" ADD CONSTRAINT "support_request_links_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" DROP COLUMN "access_token_hash";