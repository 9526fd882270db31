import {
  FAQ_SEARCH_MIN,
  type FaqAdminList,
  type FaqQuestion,
  type FaqQuestionBody,
  type FaqQuestionDetails,
  type FaqTopic,
  type FaqTopicBody,
  type FaqTopicDetails,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { runOnce } from '../../db/run-once.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { stemsOf, stemWord, wordsOf } from './faq-stems.ts';
import * as repo from './faq.repository.ts';

/** One vote per address and question a day: the browser remembers its own vote, this stops a script. */
const VOTE_LIMIT = { max: 1, windowMs: 24 * 60 * 60 * 1000 };

const toTopic = (row: repo.FaqTopicRow): FaqTopic => ({
  id: row.id,
  title: row.title,
  position: row.position,
  isPublished: row.isPublished,
  questionCount: row.questionCount,
});

const toQuestion = (row: repo.FaqQuestionRow): FaqQuestion => ({
  id: row.id,
  topicId: row.topicId,
  question: row.question,
  answer: row.answer,
  position: row.position,
  isPublished: row.isPublished,
  helpfulYes: row.helpfulYes,
  helpfulNo: row.helpfulNo,
});

/** Query words shorter than this are left to the whole-text match ("як", "do"). */
const SEARCH_WORD_MIN = 3;

const questionStems = ({ question, answer }: Pick<FaqQuestionBody, 'question' | 'answer'>) =>
  stemsOf([question.uk, question.en, answer.uk, answer.en]);
const stored = (body: FaqQuestionBody): repo.StoredQuestion => ({ ...body, searchStems: questionStems(body) });

function toSearch(query: string): repo.FaqSearch {
  const text = query.toLowerCase();
  const words = wordsOf(text).filter((word) => word.length >= SEARCH_WORD_MIN);
  return { text, stems: stemsOf([text]), wordStems: words.map(stemWord) };
}

const noTopic = () =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path: 'body.topicId', code: 'INVALID_VALUE', message: 'No such topic' }]);

export function createFaqService(deps: { db: Db; rateLimit: Pick<RateLimitService, 'consume'> }) {
  const { db } = deps;

  async function topicOrNotFound(id: string, publishedOnly: boolean) {
    const row = await repo.findTopic(db, id, publishedOnly);
    if (!row) throw notFound('Topic');
    return row;
  }

  return {
    async topics(): Promise<FaqTopic[]> {
      return (await repo.listTopics(db, true)).map(toTopic);
    },

    async topic(id: string): Promise<FaqTopicDetails> {
      const topic = await topicOrNotFound(id, true);
      return { topic: toTopic(topic), questions: (await repo.listQuestions(db, id, true)).map(toQuestion) };
    },

    async question(id: string): Promise<FaqQuestionDetails> {
      const question = await repo.findQuestion(db, id, true);
      if (!question) throw notFound('Question');
      return { topic: toTopic(await topicOrNotFound(question.topicId, true)), question: toQuestion(question) };
    },

    async search(query: string): Promise<FaqQuestion[]> {
      if (query.trim().length < FAQ_SEARCH_MIN) return [];
      return (await repo.searchQuestions(db, toSearch(query.trim()))).map(toQuestion);
    },

    /** Counts a published question's vote; the same address again within the day is 429. */
    async vote(id: string, helpful: boolean, address: string) {
      if (!(await repo.findQuestion(db, id, true))) throw notFound('Question');
      await deps.rateLimit.consume(`faq-vote:${address}:${id}`, VOTE_LIMIT);
      const counts = await repo.addVote(db, id, helpful);
      if (!counts) throw notFound('Question');
      return counts;
    },

    async adminList(): Promise<FaqAdminList> {
      const [topics, questions] = await Promise.all([repo.listTopics(db, false), repo.listQuestions(db, undefined, false)]);
      return { topics: topics.map(toTopic), questions: questions.map(toQuestion) };
    },

    async createTopic(body: FaqTopicBody): Promise<FaqTopic> {
      return toTopic(await topicOrNotFound(await repo.insertTopic(db, body), false));
    },

    async updateTopic(id: string, body: FaqTopicBody): Promise<FaqTopic> {
      if (!(await repo.updateTopic(db, id, body))) throw notFound('Topic');
      return toTopic(await topicOrNotFound(id, false));
    },

    /** Removes the topic with its questions. */
    async deleteTopic(id: string): Promise<void> {
      if (!(await repo.deleteTopic(db, id))) throw notFound('Topic');
    },

    async createQuestion(body: FaqQuestionBody): Promise<FaqQuestion> {
      if (!(await repo.findTopic(db, body.topicId, false))) throw noTopic();
      const question = await repo.findQuestion(db, await repo.insertQuestion(db, stored(body)), false);
      return toQuestion(question!);
    },

    async updateQuestion(id: string, body: FaqQuestionBody): Promise<FaqQuestion> {
      if (!(await repo.findQuestion(db, id, false))) throw notFound('Question');
      if (!(await repo.findTopic(db, body.topicId, false))) throw noTopic();
      if (!(await repo.updateQuestion(db, id, stored(body)))) throw notFound('Question');
      return toQuestion((await repo.findQuestion(db, id, false))!);
    },

    async deleteQuestion(id: string): Promise<void> {
      if (!(await repo.deleteQuestion(db, id))) throw notFound('Question');
    },

    /** The demo FAQ, once, into an empty FAQ. */
    async seedIfEmpty(topics: { topic: FaqTopicBody; questions: Omit<FaqQuestionBody, 'topicId'>[] }[]): Promise<void> {
      if ((await repo.countTopics(db)) > 0) return;
      for (const { topic, questions } of topics) {
        const topicId = await repo.insertTopic(db, topic);
        for (const question of questions) await repo.insertQuestion(db, stored({ ...question, topicId }));
      }
    },

    /** Stems the questions saved before the search had stems, once per database (at start, under the startup lock). */
    async stemQuestionsOnce(): Promise<void> {
      await runOnce(db, 'faq-search-stems', async (tx) => {
        for (const question of await repo.listQuestions(tx, undefined, false)) {
          await repo.setSearchStems(tx, question.id, questionStems(question));
        }
      });
    },
  };
}

export type FaqService = ReturnType<typeof createFaqService>;
