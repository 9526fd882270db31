import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { secondStepKinds, specialistApplicationStatuses } from '@rozmova/contracts';
import { createdAt, profileColumns, updatedAt, type LocalisedText } from './columns.ts';
import { appointments, patients, users } from './schema.ts';

/**
 * Tables of the staff's work beside the consultations (drizzle-kit reads this file beside schema.ts): specialist
 * applications, doctors' notes on patients, the FAQ, leads from the corporate clients' page and the staff's
 * two-factor sign-in.
 */

export const specialistApplicationStatusEnum = pgEnum('specialist_application_status', specialistApplicationStatuses);

/** A specialist's application (one per account, role `none` until approved): the profile it asks for and its diploma. */
export const specialistApplications = pgTable(
  'specialist_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: specialistApplicationStatusEnum('status').notNull().default('draft'),
    nameEn: text('name_en').notNull().default(''),
    ...profileColumns(),
    /** The diploma or licence: checked from its content like a document, kept in the storage. */
    diplomaStorageKey: text('diploma_storage_key'),
    diplomaContentType: text('diploma_content_type'),
    diplomaSize: integer('diploma_size'),
    diplomaFileName: text('diploma_file_name'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('specialist_applications_status_idx').on(t.status, t.submittedAt)],
);

/** A doctor's note on a patient: the patient's other doctors read it, the patient never does. */
export const patientNotes = pgTable(
  'patient_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('patient_notes_patient_idx').on(t.patientId, t.createdAt)],
);

export const faqTopics = pgTable('faq_topics', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: jsonb('title').$type<LocalisedText>().notNull(),
  position: integer('position').notNull().default(0),
  isPublished: boolean('is_published').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A question with its answer; `search_text` (both languages, lower case) and `search_stems` (the same words' stems,
 * written by the FAQ module's stemmer with every save) carry trigram indexes for the search.
 */
export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => faqTopics.id, { onDelete: 'cascade' }),
    question: jsonb('question').$type<LocalisedText>().notNull(),
    answer: jsonb('answer').$type<LocalisedText>().notNull(),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    helpfulYes: integer('helpful_yes').notNull().default(0),
    helpfulNo: integer('helpful_no').notNull().default(0),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower((question->>'uk') || ' ' || (question->>'en') || ' ' || (answer->>'uk') || ' ' || (answer->>'en'))`,
    ),
    searchStems: text('search_stems').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faq_questions_topic_idx').on(t.topicId, t.position),
    index('faq_questions_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('faq_questions_stems_idx').using('gin', sql`${t.searchStems} gin_trgm_ops`),
  ],
);

/** A company's request from the corporate clients' page; also e-mailed to CONTACT_EMAIL. */
export const corporateLeads = pgTable(
  'corporate_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    employees: integer('employees'),
    message: text('message').notNull().default(''),
    locale: text('locale').notNull().default('uk'),
    createdAt: createdAt(),
  },
  (t) => [index('corporate_leads_created_idx').on(t.createdAt)],
);

/**
 * A member of staff's authenticator (TOTP): the secret AES-256-GCM encrypted with the server's key (TWO_FACTOR_KEY),
 * on from `enabled_at`; a new one waits in `pending_secret` until one of its codes confirms it. `last_step` is the
 * newest 30-second step whose code signed in: a code of that step or an older one is refused (no replay).
 */
export const twoFactorAuthenticators = pgTable('two_factor_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  pendingSecret: text('pending_secret'),
  pendingAt: timestamp('pending_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, stored as SHA-256 digests (10 random characters each). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

export const secondStepKindEnum = pgEnum('second_step_kind', secondStepKinds);

/**
 * The half-signed-in state between the password and the session: a short-lived challenge (its token stored hashed,
 * like a session's) that only the second step's routes take, used once.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: secondStepKindEnum('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId, t.expiresAt)],
);
