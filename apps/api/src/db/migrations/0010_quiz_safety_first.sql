ALTER TABLE "quiz_questions" ADD COLUMN "question_is_crisis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Our self-check's question about not wanting to live or self-harm (PRODUCT.md "Quiz": its distressed answer is red by itself).
UPDATE "quiz_questions" SET "question_is_crisis" = true
WHERE "question_text"->>'en' = 'How often did you have thoughts that you would be better off not living, or of hurting yourself?';
