import { AWAY_DELIVERY_AFTER_MS, type Message, type PushMessage } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { cabinetPathOf, notificationMail } from '../notifications/notifications.mails.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { findAwayWindow, findWindowStart } from './push.repository.ts';
import type { PushOutcome } from './commands/send.ts';
import { awayMailTexts, awayPushTexts } from './push.texts.ts';

export const AWAY_JOB = 'chat.away';

interface AwayJob {
  /** The first unread message of the window: it names the conversation, the writers' side and the window's start. */
  startMessageId: string;
  recipientUserId: string;
}

/**
 * Delivery to people who are away (docs/product.md §4 "Support conversation"): the first unread message a side writes opens a window of
 * {@link AWAY_DELIVERY_AFTER_MS}; later messages join it and never move its end. At the end one job per recipient
 * looks again: nothing when the window was read or the recipient has a connection open, else one push batching the
 * window's unread messages, or one e-mail when no device takes pushes, as the recipient's settings allow.
 */
export function createAwayDelivery(deps: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'register' | 'enqueue'>;
  push: { send(userId: string, message: PushMessage): Promise<PushOutcome> };
  mailer: Mailer;
  notifications: Pick<NotificationsService, 'recipientOf'>;
  publicUrl: string;
  /** Whether the user has a realtime connection open on any instance. */
  isConnected(userId: string): Promise<boolean>;
}) {
  const { db, jobs } = deps;

  // A repeated run (a crash before its outcome was kept) may send once more; a push service that took nothing fails
  // the run, and the queue tries again later, checking the window and the connection again.
  jobs.register(AWAY_JOB, async ({ startMessageId, recipientUserId }: AwayJob) => {
    const window = await findAwayWindow(db, startMessageId, AWAY_DELIVERY_AFTER_MS);
    if (!window || window.unread === 0) return;
    const recipient = await deps.notifications.recipientOf(recipientUserId);
    if (!recipient || !recipient.isActive || recipient.deletedAt) return;
    if (await deps.isConnected(recipientUserId)) return;
    const { locale } = recipient;
    if (recipient.settings.push) {
      const texts = awayPushTexts(locale, window.senderType, window.unread, window.patientName);
      const outcome = await deps.push.send(recipientUserId, {
        notification: texts,
        data: { url: cabinetPathOf(recipient.role), kind: 'chat-message' },
      });
      if (outcome.delivered > 0) return;
      if (outcome.failed > 0) throw new Error('No device took the push');
    }
    if (recipient.settings.email)
      await deps.mailer.send(notificationMail(recipient, locale, awayMailTexts(locale, window.unread), deps.publicUrl));
  });

  return {
    /**
     * The messages module's `onMessageCreated` hook: one job per recipient and window, added once (its key is the
     * window's first message), due at the window's end.
     */
    async onMessageCreated(message: Message, recipientUserIds: string[]): Promise<void> {
      if (recipientUserIds.length === 0) return;
      const start = await findWindowStart(db, message.id, AWAY_DELIVERY_AFTER_MS);
      if (!start) return;
      const runAt = new Date(deps.clock.now().getTime() + Math.max(0, AWAY_DELIVERY_AFTER_MS - start.intoMs));
      for (const recipientUserId of new Set(recipientUserIds)) {
        const payload: AwayJob = { startMessageId: start.id, recipientUserId };
        await jobs.enqueue({ kind: AWAY_JOB, key: `chat-away:${start.id}:${recipientUserId}`, runAt, payload });
      }
    },
  };
}
