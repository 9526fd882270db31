import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './services.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The start's phases with their times, logged at debug level: those before the logger exists once it does. The first,
 * `modules`, is the time from the process's start to the server's code (Node, `npm start`'s build checks, loading).
 */
export function createStartupPhases() {
  const done = [{ phase: 'modules', ms: Math.round(performance.now()) }];
  let log: FastifyBaseLogger | undefined;
  const report = (entry: { phase: string; ms: number }) => (log ? log.debug(entry, 'start-up phase') : done.push(entry));
  return {
    async time<T>(phase: string, work: () => T | Promise<T>): Promise<T> {
      const started = performance.now();
      const result = await work();
      report({ phase, ms: Math.round(performance.now() - started) });
      return result;
    },
    logTo(logger: FastifyBaseLogger) {
      log = logger;
      for (const entry of done.splice(0)) report(entry);
    },
    total: () => report({ phase: 'total', ms: Math.round(performance.now()) }),
  };
}

/**
 * First-start data, under the startup lock so instances starting together make it once: the first admin (ADMIN_EMAIL),
 * demo data when the database was empty before that admin was made, our quiz questions, stored self-check results
 * scored again once under the safety-first levels, and the stems of FAQ questions saved before the search had them.
 */
export async function prepareData(
  config: Config,
  database: Database,
  services: Pick<Services, 'accounts' | 'demo' | 'quiz' | 'patients' | 'faq'>,
): Promise<void> {
  await database.withStartupLock(async () => {
    const empty = await services.accounts.isEmpty();
    if (config.admin) await services.accounts.ensureAdmin(config.admin.email, config.admin.password);
    if (config.demoData && empty) await services.demo.seed();
    // In production too: the quiz is part of the product, not demo data.
    await services.quiz.seedIfEmpty();
    await services.patients.rescoreQuizResultsOnce();
    await services.faq.stemQuestionsOnce();
  });
}

/**
 * Clean-up while the process runs: rate-limit counters hourly; upload files no document refers to daily and now.
 * Resolves once the first file clean-up is done; `stop` ends the timers.
 */
export async function startHousekeeping(services: Pick<Services, 'rateLimit' | 'documents'>, log: FastifyBaseLogger) {
  const removeOrphanFiles = async () => {
    try {
      const removed = await services.documents.removeOrphanFiles();
      if (removed > 0) log.info({ removed }, 'removed upload files that no document refers to');
    } catch (error) {
      log.error({ error: error instanceof Error ? error.name : typeof error }, 'clean-up of upload files failed');
    }
  };
  const timers = [
    setInterval(() => void services.rateLimit.purgeOld().catch(() => undefined), HOUR),
    setInterval(() => void removeOrphanFiles(), DAY),
  ];
  for (const timer of timers) timer.unref();
  await removeOrphanFiles();
  return { stop: () => timers.forEach(clearInterval) };
}
