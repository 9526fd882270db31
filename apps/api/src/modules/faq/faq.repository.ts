import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FaqQuestionBody, FaqTopicBody } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { faqQuestions, faqTopics } from '../../db/schema-staff.ts';

export type FaqTopicRow = typeof faqTopics.$inferSelect & { questionCount: number };
export type FaqQuestionRow = typeof faqQuestions.$inferSelect;

/** How close a misspelt word's stem must be to a stem of the text (pg_trgm's word similarity, 0–1). */
const WORD_SIMILARITY = 0.45;
const SEARCH_LIMIT = 20;

// Written out: inside a subquery the builder would leave the columns unqualified.
const questionCount = (publishedOnly: boolean) =>
  sql<number>`(select count(*)::int from faq_questions q where q.topic_id = faq_topics.id${publishedOnly ? sql` and q.is_published` : sql``})`;

export async function listTopics(db: Db, publishedOnly: boolean): Promise<FaqTopicRow[]> {
  return db
    .select({ ...topicColumns(), questionCount: questionCount(publishedOnly) })
    .from(faqTopics)
    .where(publishedOnly ? eq(faqTopics.isPublished, true) : undefined)
    .orderBy(asc(faqTopics.position), asc(faqTopics.createdAt));
}

function topicColumns() {
  return {
    id: faqTopics.id,
    title: faqTopics.title,
    position: faqTopics.position,
    isPublished: faqTopics.isPublished,
    createdAt: faqTopics.createdAt,
    updatedAt: faqTopics.updatedAt,
  };
}

export async function findTopic(db: Db, id: string, publishedOnly: boolean): Promise<FaqTopicRow | undefined> {
  const [row] = await db
    .select({ ...topicColumns(), questionCount: questionCount(publishedOnly) })
    .from(faqTopics)
    .where(and(eq(faqTopics.id, id), publishedOnly ? eq(faqTopics.isPublished, true) : undefined));
  return row;
}

export async function listQuestions(db: Db, topicId: string | undefined, publishedOnly: boolean): Promise<FaqQuestionRow[]> {
  return db
    .select()
    .from(faqQuestions)
    .where(and(topicId ? eq(faqQuestions.topicId, topicId) : undefined, publishedOnly ? eq(faqQuestions.isPublished, true) : undefined))
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.createdAt));
}

/** A question of a published topic (with `publishedOnly`, itself published too). */
export async function findQuestion(db: Db, id: string, publishedOnly: boolean): Promise<FaqQuestionRow | undefined> {
  const [row] = await db
    .select({ question: faqQuestions })
    .from(faqQuestions)
    .innerJoin(faqTopics, eq(faqTopics.id, faqQuestions.topicId))
    .where(
      and(eq(faqQuestions.id, id), publishedOnly ? and(eq(faqQuestions.isPublished, true), eq(faqTopics.isPublished, true)) : undefined),
    );
  return row?.question;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search: the whole query in lower case, its stems as stored, and the stems of its words of 3 letters or more. */
export interface FaqSearch {
  text: string;
  stems: string;
  wordStems: string[];
}

/**
 * Published questions whose text (both languages, lower case) contains the query, or each of whose query words' stems
 * is the start of a stem of the text ("payment" finds "pay", "оплата" finds "оплатити") or close to one (a typo);
 * best matches first. Typos are measured stem to stem: whole texts let a short word match pieces of two words.
 */
export async function searchQuestions(db: Db, search: FaqSearch): Promise<FaqQuestionRow[]> {
  const wordMatches = search.wordStems.map(
    (stem) =>
      sql`(${faqQuestions.searchStems} like ${`% ${escapeLike(stem)}%`} or word_similarity(${stem}, ${faqQuestions.searchStems}) >= ${WORD_SIMILARITY})`,
  );
  const contains = sql`${faqQuestions.searchText} ilike ${`%${escapeLike(search.text)}%`}`;
  const score = sql`greatest(word_similarity(${search.text}, ${faqQuestions.searchText}), word_similarity(${search.stems}, ${faqQuestions.searchStems}))`;
  const rows = await db
    .select({ question: faqQuestions })
    .from(faqQuestions)
    .innerJoin(faqTopics, eq(faqTopics.id, faqQuestions.topicId))
    .where(
      and(
        eq(faqQuestions.isPublished, true),
        eq(faqTopics.isPublished, true),
        wordMatches.length > 0 ? sql`(${contains} or (${sql.join(wordMatches, sql` and `)}))` : contains,
      ),
    )
    .orderBy(desc(score), asc(faqQuestions.position))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => row.question);
}

/** Adds one vote in one statement, so votes at once all count. */
export async function addVote(db: Db, id: string, helpful: boolean) {
  const [row] = await db
    .update(faqQuestions)
    .set(helpful ? { helpfulYes: sql`${faqQuestions.helpfulYes} + 1` } : { helpfulNo: sql`${faqQuestions.helpfulNo} + 1` })
    .where(eq(faqQuestions.id, id))
    .returning({ helpfulYes: faqQuestions.helpfulYes, helpfulNo: faqQuestions.helpfulNo });
  return row;
}

export async function insertTopic(db: Db, body: FaqTopicBody): Promise<string> {
  const [row] = await db.insert(faqTopics).values(body).returning({ id: faqTopics.id });
  return row!.id;
}

export async function updateTopic(db: Db, id: string, body: FaqTopicBody): Promise<boolean> {
  const rows = await db
    .update(faqTopics)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(faqTopics.id, id))
    .returning({ id: faqTopics.id });
  return rows.length > 0;
}

export async function deleteTopic(db: Db, id: string): Promise<boolean> {
  return (await db.delete(faqTopics).where(eq(faqTopics.id, id)).returning({ id: faqTopics.id })).length > 0;
}

/** A question as stored: the body and the stems of its texts. */
export type StoredQuestion = FaqQuestionBody & { searchStems: string };

export async function insertQuestion(db: Db, body: StoredQuestion): Promise<string> {
  const [row] = await db.insert(faqQuestions).values(body).returning({ id: faqQuestions.id });
  return row!.id;
}

export async function updateQuestion(db: Db, id: string, body: StoredQuestion): Promise<boolean> {
  const rows = await db
    .update(faqQuestions)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(faqQuestions.id, id))
    .returning({ id: faqQuestions.id });
  return rows.length > 0;
}

export async function deleteQuestion(db: Db, id: string): Promise<boolean> {
  return (await db.delete(faqQuestions).where(eq(faqQuestions.id, id)).returning({ id: faqQuestions.id })).length > 0;
}

export async function setSearchStems(db: Db, id: string, searchStems: string): Promise<void> {
  await db.update(faqQuestions).set({ searchStems }).where(eq(faqQuestions.id, id));
}

export async function countTopics(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(faqTopics);
  return row?.n ?? 0;
}
