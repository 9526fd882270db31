ALTER TABLE "messages" ADD COLUMN "seq" integer;--> statement-breakpoint
-- Messages already stored are numbered in the order they were written, per conversation (support or one consultation).
UPDATE "messages" AS m SET "seq" = n.seq
FROM (SELECT id, row_number() OVER (PARTITION BY patient_id, appointment_id ORDER BY created_at, id) AS seq FROM "messages") AS n
WHERE m.id = n.id;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
-- Every new message takes the next number of its conversation under the conversation's lock, which is held until the
-- insert's transaction ends: a writer of the same conversation waits, so numbers follow the order of the commits. The
-- last number is one step back along the conversation's index (max() would read the whole conversation when the
-- planner's statistics are stale).
CREATE FUNCTION messages_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.doctor_id IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('messages:support:' || NEW.patient_id::text));
    NEW.seq := coalesce((SELECT seq FROM messages WHERE patient_id = NEW.patient_id AND doctor_id IS NULL ORDER BY seq DESC LIMIT 1), 0) + 1;
  ELSE
    PERFORM pg_advisory_xact_lock(hashtext('messages:consultation:' || NEW.appointment_id::text));
    NEW.seq := coalesce((SELECT seq FROM messages WHERE appointment_id = NEW.appointment_id ORDER BY seq DESC LIMIT 1), 0) + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_seq BEFORE INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION messages_seq();--> statement-breakpoint
CREATE UNIQUE INDEX "messages_support_seq" ON "messages" USING btree ("patient_id","seq") WHERE doctor_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_consultation_seq" ON "messages" USING btree ("appointment_id","seq") WHERE appointment_id is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation" CHECK ((doctor_id is null) = (appointment_id is null));
