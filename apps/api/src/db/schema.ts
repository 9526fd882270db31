import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { codePurposes, locales, roles, type NotificationSettings } from '@rozmova/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    pushToken: text('user_push_token'),
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

export const patients = pgTable('patients', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const patientCards = pgTable('patient_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  patientId: uuid('patient_id')
    .notNull()
    .unique()
    .references(() => patients.id, { onDelete: 'cascade' }),
  quizzResults: jsonb('patient_quizz_results').notNull().default(sql`'[]'::jsonb`),
  quizzRecommendations: jsonb('patient_quizz_recommendations').notNull().default(sql`'[]'::jsonb`),
  quizzIsCompleted: boolean('patient_quizz_is_completed').notNull().default(false),
  notes: jsonb('patient_notes').notNull().default(sql`'[]'::jsonb`),
  availableFreeConsultations: integer('patient_available_free_consultations').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
