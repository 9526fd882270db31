import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  broadcastAudiences,
  callEventKinds,
  meetingRoles,
  messageRecipientTypes,
  messageSenderTypes,
  messageStatuses,
  notificationKinds,
  operatorAvailabilities,
  supportEventKinds,
  supportReplyChannels,
  supportRequestSources,
  supportRequestStatuses,
  supportRequestTopics,
} from '@rozmova/contracts';
import { createdAt, updatedAt } from './columns.ts';
import { appointments, patients, userReferences, users } from './schema.ts';

/**
 * Tables of conversations and what reaches people (drizzle-kit reads this file beside schema.ts): in-app notifications,
 * messages, the support chat, push delivery, the call record of meetings and requests to the operators.
 */

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

export const messageRecipientTypeEnum = pgEnum('message_recipient_type', messageRecipientTypes);
export const messageSenderTypeEnum = pgEnum('message_sender_type', messageSenderTypes);
export const messageStatusEnum = pgEnum('message_status', messageStatuses);

/**
 * Chat messages (docs/product.md §3). A conversation is a patient's with the operators (`doctor_id` null) or one consultation
 * (`appointment_id`, with its doctor). `client_message_id` is unique per sender, so a resend finds the first message.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctorId: uuid('doctor_id').references(() => users.id),
    operatorId: uuid('operator_id').references(() => users.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id),
    senderType: messageSenderTypeEnum('sender_type').notNull(),
    recipientType: messageRecipientTypeEnum('recipient_type').notNull(),
    status: messageStatusEnum('status').notNull().default('Sent'),
    text: text('text').notNull(),
    clientMessageId: uuid('client_message_id').notNull(),
    /** One of the patient's documents the message carries; the message stays when the document is deleted. */
    documentId: uuid('document_id').references(() => userReferences.id, { onDelete: 'set null' }),
    /**
     * The message's place in its conversation, 1, 2, 3… in the order the messages were committed. The database assigns
     * it (trigger `messages_seq`, migration 0009) under the conversation's lock, whatever the insert names.
     */
    seq: integer('seq')
      .notNull()
      .$defaultFn(() => sql`default`),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id').on(t.senderUserId, t.clientMessageId),
    uniqueIndex('messages_support_seq')
      .on(t.patientId, t.seq)
      .where(sql`doctor_id is null`),
    uniqueIndex('messages_consultation_seq')
      .on(t.appointmentId, t.seq)
      .where(sql`appointment_id is not null`),
    check('messages_conversation', sql`(doctor_id is null) = (appointment_id is null)`),
    index('messages_conversation_idx').on(t.patientId, t.doctorId, t.createdAt, t.id),
    index('messages_appointment_idx').on(t.appointmentId, t.createdAt, t.id),
    // Away delivery and unread counts look for what a side has not read yet.
    index('messages_unread_idx')
      .on(t.patientId, t.senderType)
      .where(sql`status <> 'Read'`),
  ],
);

export const callEventKindEnum = pgEnum('call_event_kind', callEventKinds);
export const meetingRoleEnum = pgEnum('meeting_role', meetingRoles);

/** What happened in a consultation's room: joins, leaves, reconnects, the end; the call record is read from these. */
export const callEvents = pgTable(
  'call_events',
  {
    /** The order events happened in, also when two share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: meetingRoleEnum('role').notNull(),
    kind: callEventKindEnum('kind').notNull(),
    /** The device check with a join, the reason with an end. */
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index('call_events_appointment_idx').on(t.appointmentId, t.seq)],
);

export const supportRequestSourceEnum = pgEnum('support_request_source', supportRequestSources);
export const supportRequestStatusEnum = pgEnum('support_request_status', supportRequestStatuses);
export const supportRequestTopicEnum = pgEnum('support_request_topic', supportRequestTopics);

/** A request to the support desk: from the desk form (a patient or a visitor with an e-mail) or from a video call. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    email: text('email').notNull(),
    source: supportRequestSourceEnum('source').notNull(),
    topic: supportRequestTopicEnum('topic').notNull().default('other'),
    locale: text('locale').notNull().default('uk'),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    message: text('message').notNull(),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** An optional attachment, checked like a document and kept in the storage. */
    attachmentStorageKey: text('attachment_storage_key'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSize: integer('attachment_size'),
    status: supportRequestStatusEnum('status').notNull().default('open'),
    /** The operator who took it from the queue. */
    operatorId: uuid('operator_id').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_requests_status_idx').on(t.status, t.createdAt), index('support_requests_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A visitor's private links to a request: one per e-mail we send them (the confirmation and each answer), every one
 * valid; only the SHA-256 of a link's token is kept, so a lost database does not open anyone's request.
 */
export const supportRequestLinks = pgTable('support_request_links', {
  tokenHash: text('token_hash').primaryKey(),
  requestId: uuid('request_id')
    .notNull()
    .references(() => supportRequests.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const supportReplyChannelEnum = pgEnum('support_reply_channel', supportReplyChannels);

/** An operator's answer to a support request, by e-mail or in the requester's support chat. */
export const supportRequestReplies = pgTable(
  'support_request_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written by the one who asked (on the request's page), not by an operator. */
    fromRequester: boolean('from_requester').notNull().default(false),
    channel: supportReplyChannelEnum('channel').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_request_replies_request_idx').on(t.requestId, t.createdAt)],
);

export const notificationKindEnum = pgEnum('notification_kind', notificationKinds);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull().default('simple'),
    message: text('notification_message').notNull(),
    isRead: boolean('notification_is_read').notNull().default(false),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** The job that delivered it: a repeated run adds no second row. */
    deliveryKey: text('delivery_key'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), uniqueIndex('notifications_delivery_key').on(t.deliveryKey)],
);
