import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { broadcastAudiences, operatorAvailabilities, supportEventKinds } from '@rozmova/contracts';
import { patients, users } from './schema.ts';

/**
 * Tables of the support chat and of push delivery (drizzle-kit reads this file beside schema.ts). The messages
 * themselves are `messages` in schema.ts.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const operatorAvailabilityEnum = pgEnum('operator_availability_value', operatorAvailabilities);

/** What an operator set (online, busy, offline); shown offline anyway once its last connection has been gone 30 s. */
export const operatorAvailability = pgTable('operator_availability', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  availability: operatorAvailabilityEnum('availability').notNull().default('online'),
  /** When the operator's last connection ended; null while one is open. */
  disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

export const supportEventKindEnum = pgEnum('support_event_kind', supportEventKinds);

/** A support conversation's claims, transfers (with the note), closes and reopens. */
export const supportEvents = pgTable(
  'support_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    kind: supportEventKindEnum('kind').notNull(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    toOperatorId: uuid('to_operator_id').references(() => users.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index('support_events_patient_idx').on(t.patientId, t.createdAt)],
);

/** Replies an operator keeps for reuse. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('canned_replies_operator_idx').on(t.operatorId, t.title)],
);

/** A device's web push subscription (the user's `user_push_token`); one user may have several devices. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export const broadcastAudienceEnum = pgEnum('broadcast_audience', broadcastAudiences);

/** An admin's announcement to all patients, operators or doctors. */
export const broadcasts = pgTable('broadcasts', {
  id: uuid('id').primaryKey().defaultRandom(),
  audience: broadcastAudienceEnum('audience').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  senderId: uuid('sender_id')
    .notNull()
    .references(() => users.id),
  recipients: integer('recipients').notNull().default(0),
  createdAt: createdAt(),
});
