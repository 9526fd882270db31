import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATIONS_LIST_MAX,
  type CreateNotificationBody,
  type Locale,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type PushMessage,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { OutgoingEvent } from '../../realtime/outgoing.ts';
import type { AccountRow } from '../../db/rows.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { cabinetPathOf, notificationMail } from './notifications.mails.ts';
import {
  deleteNotificationOfUser,
  deleteNotificationsOfUser,
  findRecipient,
  insertNotification,
  listNotificationsOfUser,
  markAllNotificationsRead,
  type NotificationRow,
  type Recipient,
} from './notifications.repository.ts';

/** A user keeps at most this many notifications; adding one drops the oldest beyond it. */
export const NOTIFICATIONS_KEPT_PER_USER = 500;

export type Texts = Record<Locale, string>;

export interface NotifyInput {
  kind: NotificationKind;
  appointmentId?: string;
  /** The in-app text in both languages; the recipient's is kept. */
  message: Texts;
  /** Sent when given and the recipient has e-mail notifications on. */
  email?: { subject: Texts; text: Texts };
  /** The page (a path of the web app) the e-mail and the push open; the recipient's own start page when absent. */
  link?: string;
  /** The push's title (else the service's name) and text (else `message`). */
  push?: { title: Texts; body?: Texts };
  /** Another realtime event to the recipient (e.g. `appointment-created` so its screens refresh), sent whatever the settings. */
  event?: OutgoingEvent;
}

/** Web push to every device of a user (the push module answers it); it never throws for a device. */
export interface PushSender {
  send(userId: string, message: PushMessage): Promise<unknown>;
}

/** The title of a push that names no one: the service's name, the same in both languages. */
export const PUSH_TITLE = 'Rozmova';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    notification_message: row.message,
    notification_is_read: row.isRead,
    notification_kind: row.kind,
    users_user_id: row.userId,
    appointment_id: row.appointmentId,
    createdAt: row.createdAt.toISOString(),
  };
}

const reachable = (recipient: Recipient | undefined): recipient is Recipient =>
  recipient !== undefined && recipient.isActive && recipient.deletedAt === null;
const mayNotifyOthers = (actor: AccountRow) => actor.user.role === 'operator' || actor.user.role === 'admin';

/**
 * In-app notifications (the newest 20 on screen, at most 500 kept per user), their realtime event and the e-mail
 * copy, each as the user's notification settings allow. Other modules deliver through `notify` from a job of theirs,
 * scheduled in the transaction of the change; the routes are the user's list.
 */
export function createNotificationsService(deps: {
  db: Db;
  mailer: Mailer;
  realtime: RealtimeBus;
  publicUrl: string;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
  push: PushSender;
}) {
  const { db, mailer, realtime } = deps;

  // A removed account's notifications go once the removal has committed (their texts name doctors and dates).
  deps.accounts.onAccountRemoved(async ({ userId }) => async () => {
    await deleteNotificationsOfUser(db, userId);
  });

  async function add(userId: string, values: { kind: NotificationKind; message: string; appointmentId?: string; deliveryKey?: string }) {
    const row = await insertNotification(
      db,
      {
        userId,
        kind: values.kind,
        message: values.message,
        appointmentId: values.appointmentId ?? null,
        deliveryKey: values.deliveryKey ?? null,
      },
      NOTIFICATIONS_KEPT_PER_USER,
    );
    if (!row) return undefined;
    const notification = toNotification(row);
    realtime.toUser(userId, NOTIFICATION_CREATED_EVENT, notification);
    return notification;
  }

  return {
    /** What deciding a delivery needs to know of a person: address, language, role, settings, whether active. */
    recipientOf: (userId: string) => findRecipient(db, userId),

    /**
     * Tells a user: an in-app notification with the `notification-created` event (when `in_app` is on), the given
     * event, a push (when `push` is on) and an e-mail in the user's language (when `email` is on and texts are
     * given). A deactivated or removed account gets nothing; the settings are read when it runs. `key` names the
     * delivery (the caller's job key): run again with it, the in-app notification is not added a second time and no
     * push goes with it, the event is sent again (screens refresh) and so is the e-mail. Throws when the mail server
     * did not take the e-mail, so the caller's job retries it.
     */
    async notify(key: string, userId: string, n: NotifyInput): Promise<void> {
      const recipient = await findRecipient(db, userId);
      if (!reachable(recipient)) return;
      const { locale, settings } = recipient;
      const added = settings.in_app
        ? await add(userId, { kind: n.kind, message: n.message[locale], appointmentId: n.appointmentId, deliveryKey: key })
        : undefined;
      if (n.event) realtime.toUser(userId, n.event.name, n.event.payload);
      if (settings.push && (added || !settings.in_app)) {
        await deps.push.send(userId, {
          notification: { title: n.push?.title[locale] ?? PUSH_TITLE, body: (n.push?.body ?? n.message)[locale] },
          data: { url: n.link ?? cabinetPathOf(recipient.role), kind: n.kind },
        });
      }
      if (!n.email || !recipient.settings.email) return;
      await mailer.send(
        notificationMail(recipient, locale, { subject: n.email.subject[locale], text: n.email.text[locale], link: n.link }, deps.publicUrl),
      );
    },

    /** `GET /v1/notifications/user/:id`: the user's own (an admin's for anyone), newest 20 and the unread count of all. */
    async listOfUser(actor: AccountRow, userId: string): Promise<NotificationList> {
      if (actor.user.id !== userId && actor.user.role !== 'admin') throw forbidden('You may only read your own notifications');
      const { rows, unread } = await listNotificationsOfUser(db, userId, NOTIFICATIONS_LIST_MAX);
      return { notifications: rows.map(toNotification), unread_count: unread };
    },

    /** `POST /v1/notifications`: a note to oneself, or from an operator or admin to anyone. Not mailed. */
    async create(actor: AccountRow, body: CreateNotificationBody): Promise<Notification> {
      const userId = body.users_user_id;
      if (actor.user.id !== userId && !mayNotifyOthers(actor)) throw forbidden('You may only add notifications for yourself');
      if (!reachable(await findRecipient(db, userId))) throw notFound('User');
      return (await add(userId, { kind: 'simple', message: body.notification_message }))!;
    },

    /** Only one's own: another user's id answers 404, so ids cannot be probed. */
    async remove(actor: AccountRow, id: string): Promise<void> {
      if (!(await deleteNotificationOfUser(db, id, actor.user.id))) throw notFound('Notification');
    },

    markAllAsRead: (actor: AccountRow): Promise<void> => markAllNotificationsRead(db, actor.user.id),

    clearAll: (actor: AccountRow): Promise<void> => deleteNotificationsOfUser(db, actor.user.id),

    /** Drops every notification of a removed account (their texts can name doctors and dates). */
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
