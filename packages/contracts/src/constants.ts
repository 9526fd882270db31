/*
 * Values without zod, so the web app's first download can use them without the schema library.
 * The package is marked side-effect free: a bundle keeps only the modules whose exports it uses.
 */

export const roles = ['none', 'patient', 'operator', 'doctor', 'admin'] as const;
export type Role = (typeof roles)[number];
export const staffRoles: readonly Role[] = ['operator', 'doctor', 'admin'];

export const locales = ['en', 'uk'] as const;
export type Locale = (typeof locales)[number];

export const codePurposes = ['register', 'recover-pass'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const appModes = ['landing', 'quizz', 'doctor'] as const;
export type AppMode = (typeof appModes)[number];

export const AUTH_COOKIE = 'auth_token';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Documents (user references): what a patient may upload (PRODUCT.md). */
export const documentContentTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENTS_PER_PATIENT = 100;
export const referenceStatuses = ['new', 'reviewed'] as const;
export type ReferenceStatus = (typeof referenceStatuses)[number];

export const feedbackTypes = ['quiz', 'doctor'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];
export const FEEDBACK_COMMENT_MAX = 2000;

export const quizAnswerValues = ['A', 'B', 'C'] as const;
export type QuizAnswerValue = (typeof quizAnswerValues)[number];

/** The levels a rule can give; `unknown` is what a result no rule matches gets (SPEC.md §4 "unknown state"). */
export const quizRuleLevels = ['red', 'yellow', 'green'] as const;
export type QuizRuleLevel = (typeof quizRuleLevels)[number];
export const quizLevels = ['red', 'yellow', 'green', 'unknown'] as const;
export type QuizLevel = (typeof quizLevels)[number];

export interface QuizLevelRule {
  level: QuizRuleLevel;
  letter: QuizAnswerValue;
  min: number;
  max: number;
}

/** SPEC.md §4 and §9, checked in this order; the first rule whose letter count is within min..max gives the level. */
export const defaultQuizLevelRules: readonly QuizLevelRule[] = [
  { level: 'red', letter: 'B', min: 16, max: 34 },
  { level: 'yellow', letter: 'C', min: 0, max: 16 },
  { level: 'green', letter: 'A', min: 34, max: 50 },
];

export const chatPatientStatuses = ['new', 'active', 'awaiting', 'closed'] as const;
export type ChatPatientStatus = (typeof chatPatientStatuses)[number];
