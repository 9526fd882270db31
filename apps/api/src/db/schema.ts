import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  appointmentStatuses,
  cancellationReasons,
  codePurposes,
  locales,
  paymentProviders,
  paymentStatuses,
  paymentTypes,
  roles,
  type ExtraHours,
  type NotificationSettings,
  type WeeklyHours,
} from '@rozmova/contracts';
import { createdAt, profileColumns, updatedAt, type LocalisedText } from './columns.ts';

export const roleEnum = pgEnum('user_role', roles);
export const localeEnum = pgEnum('locale', locales);
export const codePurposeEnum = pgEnum('code_purpose', codePurposes);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    userName: text('user_name').notNull(),
    role: roleEnum('user_role').notNull().default('none'),
    phone: text('phone'),
    locale: localeEnum('locale').notNull().default('uk'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    notificationSettings: jsonb('notification_settings')
      .$type<NotificationSettings>()
      .notNull()
      .default({ in_app: true, email: true, push: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_role_idx').on(t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true }),
    /** Made after a second factor (docs/two-factor.md): a staff role that must use one is refused a session without. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    deviceType: text('device_type'),
    userAgent: text('user_agent'),
    timeZone: text('time_zone'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Rate-limit counters shared by every API instance; a window starts at the first event of a key. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
});

export const chatPatientStatusEnum = pgEnum('chat_patient_status', ['new', 'active', 'awaiting', 'closed']);

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatPatientStatus: chatPatientStatusEnum('chat_patient_status').notNull().default('new'),
    /** The operator who holds the patient's support conversation. */
    interactingWithOperator: uuid('interacting_with_operator').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('patients_chat_idx').on(t.chatPatientStatus, t.interactingWithOperator)],
);

export const patientCards = pgTable('patient_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  patientId: uuid('patient_id')
    .notNull()
    .unique()
    .references(() => patients.id, { onDelete: 'cascade' }),
  quizzResults: jsonb('patient_quizz_results')
    .notNull()
    .default(sql`'[]'::jsonb`),
  quizzRecommendations: jsonb('patient_quizz_recommendations')
    .notNull()
    .default(sql`'[]'::jsonb`),
  quizzIsCompleted: boolean('patient_quizz_is_completed').notNull().default(false),
  notes: jsonb('patient_notes')
    .notNull()
    .default(sql`'[]'::jsonb`),
  availableFreeConsultations: integer('patient_available_free_consultations').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface QuizAnswer {
  id: string;
  value: 'A' | 'B' | 'C';
  text: LocalisedText;
}

export const quizQuestions = pgTable('quiz_questions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Position in the list, from 1; kept dense by the quiz service. */
  questionOrder: integer('question_order').notNull(),
  text: jsonb('question_text').$type<LocalisedText>().notNull(),
  answers: jsonb('question_answers').$type<QuizAnswer[]>().notNull(),
  /** About self-harm or not wanting to live: its distressed answer makes the result red by itself. */
  isCrisis: boolean('question_is_crisis').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Service-wide settings edited by admins (e.g. the quiz level rules), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Who (staff) read or changed whose health data, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: uuid('resource_id'),
    patientId: uuid('patient_id').references(() => patients.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_patient_idx').on(t.patientId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

export const feedbackTypeEnum = pgEnum('feedback_type', ['quiz', 'doctor']);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: feedbackTypeEnum('type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** For doctor feedback: the doctor it rates. */
    doctorId: uuid('doctor_id').references(() => users.id, { onDelete: 'set null' }),
    /** For doctor feedback: the completed consultation it reviews (one review each). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    /** Public lists show "anonymous" instead of the author's first name. */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    rating: integer('feedback_rating').notNull(),
    userName: text('feedback_user_name').notNull(),
    clinicName: text('feedback_clinic_name').notNull(),
    comment: text('feedback_comment').notNull().default(''),
    /** Shown on the landing page once an admin publishes it. */
    isPublished: boolean('is_published').notNull().default(false),
    /** The moderator's last decision: who, when and why (kept when a review is hidden). */
    moderationReason: text('moderation_reason'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('feedback_type_idx').on(t.type, t.createdAt),
    index('feedback_user_idx').on(t.userId, t.type),
    uniqueIndex('feedback_one_per_appointment')
      .on(t.appointmentId)
      .where(sql`appointment_id is not null`),
  ],
);

export const referenceStatusEnum = pgEnum('reference_status', ['new', 'reviewed']);

export const userReferences = pgTable(
  'user_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The name shown and downloaded, URL-encoded: the uploaded name cleaned, else "Документ <date time>.<ext>". */
    fileName: text('file_name').notNull(),
    /** Where the storage keeps the bytes; never derived from the uploaded name. */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    status: referenceStatusEnum('status').notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_references_patient_idx').on(t.patientId, t.createdAt)],
);

/** A doctor's public profile and bookable hours; one row per doctor account. */
export const doctors = pgTable('doctors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  photoUrl: text('photo_url'),
  /** The name for English readers (transliterated); the account's `user_name` is the Ukrainian one. */
  nameEn: text('name_en'),
  ...profileColumns(),
  /** UAH kopiyky; null until someone sets it (0 is free), and a doctor without a price is not listed. */
  price: integer('price'),
  consultationMinutes: integer('consultation_minutes').notNull().default(50),
  bufferMinutes: integer('buffer_minutes').notNull().default(10),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
  horizonDays: integer('horizon_days').notNull().default(60),
  timeZone: text('time_zone').notNull().default('Europe/Kyiv'),
  weeklyHours: jsonb('weekly_hours')
    .$type<WeeklyHours[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  daysOff: jsonb('days_off')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  extraHours: jsonb('extra_hours')
    .$type<ExtraHours[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** Set when an admin or the doctor publishes the profile; it is listed only while also complete (doctors.repository). */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const appointmentStatusEnum = pgEnum('appointment_status', appointmentStatuses);
export const paymentTypeEnum = pgEnum('payment_type', paymentTypes);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const cancellationReasonEnum = pgEnum('cancellation_reason', cancellationReasons);

/**
 * Consultations. The migration adds what Drizzle cannot declare: an exclusion constraint (btree_gist) that refuses
 * two scheduled or running appointments of one doctor whose [starts_at, blocked_until) ranges overlap.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    status: appointmentStatusEnum('status').notNull().default('scheduled'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The end plus the doctor's buffer: the time no other booking of the doctor may touch. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    roomId: uuid('room_id').notNull().unique().defaultRandom(),
    paymentType: paymentTypeEnum('payment_type').notNull(),
    paymentStatus: paymentStatusEnum('payment_status').notNull(),
    /** UAH kopiyky. */
    price: integer('price').notNull().default(0),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    reason: text('reason'),
    phone: text('phone'),
    note: text('note'),
    /** What the doctor advises, for the patient to read. */
    advice: text('advice'),
    /** Booked by staff off the grid (an urgent consultation). */
    urgent: boolean('urgent').notNull().default(false),
    /** The operator or admin who booked it for the patient (told when an unpaid hold runs out); null when the patient did. */
    bookedBy: uuid('booked_by').references(() => users.id),
    cancelledBy: cancellationReasonEnum('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_doctor_idx').on(t.doctorId, t.startsAt),
    index('appointments_patient_idx').on(t.patientId, t.startsAt),
    // One pending appointment per patient (docs/product.md §4): booking again modifies it.
    uniqueIndex('appointments_one_pending_per_patient')
      .on(t.patientId)
      .where(sql`status in ('scheduled', 'running')`),
  ],
);

export const paymentProviderEnum = pgEnum('payment_provider', paymentProviders);
export const paymentRecordStatusEnum = pgEnum('payment_record_status', ['pending', 'success', 'failure', 'refunded']);

/** One checkout attempt of an appointment with a provider; `order_id` is what the provider echoes back. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    provider: paymentProviderEnum('provider').notNull(),
    orderId: text('order_id').notNull().unique(),
    /** UAH kopiyky. */
    amount: integer('amount').notNull(),
    status: paymentRecordStatusEnum('status').notNull().default('pending'),
    providerPaymentId: text('provider_payment_id'),
    /** What the provider reported as received (kopiyky and currency); a refund asks for exactly this. */
    receivedAmount: integer('received_amount'),
    receivedCurrency: text('received_currency'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_appointment_idx').on(t.appointmentId)],
);

/** Every verified provider callback once: a replayed one finds its hash here and changes nothing. */
export const paymentCallbacks = pgTable('payment_callbacks', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: paymentProviderEnum('provider').notNull(),
  dataHash: text('data_hash').notNull().unique(),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
  providerStatus: text('provider_status').notNull(),
  createdAt: createdAt(),
});

export const jobStatusEnum = pgEnum('job_status', ['pending', 'done', 'failed']);

/**
 * Timed work (payment holds, reminders) kept in the database so it survives a restart. A worker claims due jobs
 * with `FOR UPDATE SKIP LOCKED` and a lease, so two instances never run one job at the same time.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** At most one pending job per key (e.g. `reminder-24h:<appointment id>`); scheduling again moves it. */
    key: text('key').notNull(),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: jobStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`status = 'pending'`),
    uniqueIndex('jobs_pending_key')
      .on(t.key)
      .where(sql`status = 'pending'`),
    // A one-off job looks for its key among finished jobs too (kept 7 days): without it, a scan of every kept job.
    index('jobs_key_idx').on(t.key),
  ],
);

export type { LocalisedText } from './columns.ts';
