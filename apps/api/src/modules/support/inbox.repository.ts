import { sql, type SQL } from 'drizzle-orm';
import type { InboxQuery } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { accountsView } from '../accounts/accounts.views.ts';
import { messagesView } from '../messages/messages.views.ts';
import { patientsView } from '../patients/patients.views.ts';
import type { ChatStatus } from '../patients/patients.service.ts';

/**
 * The operators' inbox: read-only looks at patients, users and messages through their modules' views. A conversation is a
 * patient with at least one support message; its last message is one backward step of `messages_conversation_idx`
 * per patient, so the list never scans a conversation. Counts and "waiting since" are worked out for the page only.
 */

export interface InboxRow {
  patientId: string;
  name: string;
  status: ChatStatus;
  holder: string | null;
  holderName: string | null;
  lastText: string;
  lastAt: Date;
  lastSender: 'patient' | 'operator' | 'doctor';
  awaitingSince: Date | null;
  unread: number;
}

interface RawRow {
  patient_id: string;
  name: string;
  status: ChatStatus;
  holder: string | null;
  holder_name: string | null;
  last_text: string;
  last_at_ms: number;
  last_sender: InboxRow['lastSender'];
  awaiting_since_ms: number | null;
  unread: number;
  total: number;
}

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** The conversations the filters pick, each with its last support message (not yet ordered or paged). */
export function conversationsSql(operatorId: string, query: Pick<InboxQuery, 'holder' | 'chat_patient_status'>): SQL {
  const holder =
    query.holder === 'mine'
      ? sql`and p.interacting_with_operator = ${operatorId}::uuid`
      : query.holder === 'unassigned'
        ? sql`and p.interacting_with_operator is null`
        : sql``;
  const status = query.chat_patient_status ? sql`and p.chat_patient_status = ${query.chat_patient_status}` : sql``;
  return sql`
    select p.id as patient_id, u.user_name as name, p.chat_patient_status as status, p.interacting_with_operator as holder,
      last.text as last_text, last.created_at as last_at, last.sender_type as last_sender
    from ${patientsView('p')}
    join ${accountsView('u')} on u.id = p.user_id and u.deleted_at is null
    cross join lateral (
      select m.text, m.created_at, m.sender_type from ${messagesView('m')}
      where m.patient_id = p.id and m.doctor_id is null
      order by m.doctor_id desc, m.created_at desc, m.id desc
      limit 1
    ) last
    where true ${holder} ${status}`;
}

/** One page, newest activity first, with the total the filters match. */
export function inboxPageSql(operatorId: string, query: InboxQuery): SQL {
  // Staff's last message in the conversation: the patient waits since its first message after that one.
  const lastStaffAt = sql`(select s.created_at from ${messagesView('s')}
      where s.patient_id = page.patient_id and s.doctor_id is null and s.sender_type <> 'patient'
      order by s.doctor_id desc, s.created_at desc, s.id desc limit 1)`;
  const awaitingSince = sql`(select min(w.created_at) from ${messagesView('w')}
      where w.patient_id = page.patient_id and w.doctor_id is null and w.sender_type = 'patient'
        and w.created_at > coalesce(${lastStaffAt}, '-infinity'))`;
  return sql`
    with page as (
      select c.*, count(*) over () as total from (${conversationsSql(operatorId, query)}) c
      order by c.last_at desc, c.patient_id desc
      limit ${query.limit} offset ${query.offset}
    )
    select page.patient_id, page.name, page.status, page.holder, h.user_name as holder_name, page.last_text,
      ${epochMs(sql`page.last_at`)} as last_at_ms, page.last_sender, page.total::int as total,
      case when page.last_sender = 'patient' and page.status <> 'closed' then ${epochMs(awaitingSince)} end as awaiting_since_ms,
      (select count(*) from ${messagesView('r')}
        where r.patient_id = page.patient_id and r.sender_type = 'patient' and r.status <> 'Read' and r.doctor_id is null)::int as unread
    from page
    left join ${accountsView('h')} on h.id = page.holder
    order by page.last_at desc, page.patient_id desc`;
}

export async function selectInboxPage(db: Db, operatorId: string, query: InboxQuery): Promise<{ rows: InboxRow[]; total: number }> {
  const raw = await rowsOf<RawRow>(db, inboxPageSql(operatorId, query));
  let total = raw[0]?.total ?? 0;
  if (raw.length === 0 && query.offset > 0) {
    const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${conversationsSql(operatorId, query)}) c`);
    total = counted?.n ?? 0;
  }
  return {
    total,
    rows: raw.map((r) => ({
      patientId: r.patient_id,
      name: r.name,
      status: r.status,
      holder: r.holder,
      holderName: r.holder_name,
      lastText: r.last_text,
      lastAt: new Date(Number(r.last_at_ms)),
      lastSender: r.last_sender,
      awaitingSince: r.awaiting_since_ms === null ? null : new Date(Number(r.awaiting_since_ms)),
      unread: Number(r.unread),
    })),
  };
}

/** Unread patient messages of support conversations: held by the operator, unheld, and all. */
export function unreadTotalsSql(operatorId: string): SQL {
  return sql`
    select count(*) filter (where p.interacting_with_operator = ${operatorId}::uuid)::int as mine,
      count(*) filter (where p.interacting_with_operator is null)::int as unassigned,
      count(*)::int as "all"
    from ${messagesView('m')}
    join ${patientsView('p')} on p.id = m.patient_id
    join ${accountsView('u')} on u.id = p.user_id and u.deleted_at is null
    where m.status <> 'Read' and m.sender_type = 'patient' and m.doctor_id is null`;
}

export async function selectUnreadTotals(db: Db, operatorId: string): Promise<{ mine: number; unassigned: number; all: number }> {
  const [row] = await rowsOf<{ mine: number; unassigned: number; all: number }>(db, unreadTotalsSql(operatorId));
  return { mine: Number(row?.mine ?? 0), unassigned: Number(row?.unassigned ?? 0), all: Number(row?.all ?? 0) };
}
