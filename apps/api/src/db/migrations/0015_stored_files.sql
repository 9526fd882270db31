-- Uploaded files in the database (STORAGE_URL=database, docs/storage.md): a row per file, its bytes in chunks of at most 256 KiB.
CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer,
	"chunks" integer,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;