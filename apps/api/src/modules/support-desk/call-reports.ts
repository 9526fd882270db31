import type { Db } from '../../db/client.ts';
import { insertCallReport, type CallReport } from './support-desk.repository.ts';

/**
 * A problem reported from a call becomes one of the desk's support requests (source `call`): the meetings module files
 * it through this, built before the desk itself, since the desk answers through the chat the meetings are built beside.
 */
export function createCallReports({ db }: { db: Db }) {
  return { file: (report: CallReport) => insertCallReport(db, report) };
}

export type CallReports = ReturnType<typeof createCallReports>;
