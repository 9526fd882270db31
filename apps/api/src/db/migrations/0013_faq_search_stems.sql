-- The stems come from the FAQ module's stemmer: questions saved before get theirs once at the next start (faq.stemQuestionsOnce).
ALTER TABLE "faq_questions" ADD COLUMN "search_stems" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "faq_questions_stems_idx" ON "faq_questions" USING gin ("search_stems" gin_trgm_ops);
