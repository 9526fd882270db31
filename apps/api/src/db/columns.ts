import { sql } from 'drizzle-orm';
import { integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import type { Specialisation } from '@rozmova/contracts';

/** Columns several tables share (schema.ts, schema-chat.ts, schema-staff.ts). */

export interface LocalisedText {
  uk: string;
  en: string;
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** What a doctor tells about itself: its profile and a specialist's application carry the same columns. */
export const profileColumns = () => ({
  specialisations: jsonb('specialisations')
    .$type<Specialisation[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  bio: jsonb('bio').$type<LocalisedText>().notNull().default({ uk: '', en: '' }),
  languages: jsonb('languages')
    .$type<string[]>()
    .notNull()
    .default(sql`'["uk"]'::jsonb`),
  experienceYears: integer('experience_years').notNull().default(0),
});
