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

/** What the server answers for a text field holding a character its rule refuses (`oneLineTextSchema`, `multiLineTextSchema`). */
export const ONE_LINE_TEXT_MESSAGE = 'Use one line of text without tabs or control characters';
export const MULTI_LINE_TEXT_MESSAGE = 'Use text without control characters (line breaks and tabs are fine)';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Documents (user references): what a patient may upload (docs/product.md). */
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

/** The levels a rule can give; `unknown` is what a result no rule matches gets (docs/product.md §4 "unknown state"). */
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

/** The answer that tells of distress in every question (docs/product.md §4 "Self-check"). */
export const DISTRESSED_ANSWER: QuizAnswerValue = 'B';

/** Far above any sensible number of questions: "n or more" in a rule. */
export const QUIZ_RULE_COUNT_MAX = 1000;

/**
 * docs/product.md §9's thresholds read safety first (docs/product.md §4 "Self-check"), checked in this order; the first rule whose letter
 * count is within min..max gives the level: 16 or more distressed answers is red (more is never milder), 34 or more
 * calm ones green, anything else yellow.
 */
export const defaultQuizLevelRules: readonly QuizLevelRule[] = [
  { level: 'red', letter: 'B', min: 16, max: QUIZ_RULE_COUNT_MAX },
  { level: 'green', letter: 'A', min: 34, max: QUIZ_RULE_COUNT_MAX },
  { level: 'yellow', letter: 'C', min: 0, max: QUIZ_RULE_COUNT_MAX },
];

/** How many answers of each letter a result has. */
export type QuizCounts = Record<QuizAnswerValue, number>;

/** docs/product.md §3's score of a recommendation: "A: n, B: n, C: n". */
export const formatQuizScore = (counts: QuizCounts) => `A: ${counts.A}, B: ${counts.B}, C: ${counts.C}`;

const scorePattern = /^A: (\d+), B: (\d+), C: (\d+)$/;

/** A stored score ("A: n, B: n, C: n") as counts; anything else is undefined. */
export function parseQuizScore(score: string): QuizCounts | undefined {
  const match = scorePattern.exec(score.trim());
  return match ? { A: Number(match[1]), B: Number(match[2]), C: Number(match[3]) } : undefined;
}

/** A result as the level rules read it: the counts and how many crisis questions got their distressed answer. */
export interface QuizTally extends QuizCounts {
  crisis: number;
}

/**
 * The level of a result: red when a crisis question (self-harm, not wanting to live) got its distressed answer,
 * whatever the rules; else the first rule (in order) whose letter count lies within min..max; none → `unknown`.
 */
export function quizLevelOf(rules: readonly QuizLevelRule[], tally: QuizCounts & { crisis?: number }): QuizLevel {
  if ((tally.crisis ?? 0) > 0) return 'red';
  for (const rule of rules) {
    const value = tally[rule.letter];
    if (value >= rule.min && value <= rule.max) return rule.level;
  }
  return 'unknown';
}

/**
 * Rules are unsafe when someone who gives the distressed answer to every one of `questionCount` questions would not
 * be told red (the crisis questions aside, which a self-check may not have).
 */
export function quizRulesAreUnsafe(rules: readonly QuizLevelRule[], questionCount: number): boolean {
  const allDistressed: QuizCounts = { A: 0, B: 0, C: 0 };
  allDistressed[DISTRESSED_ANSWER] = questionCount;
  return questionCount > 0 && quizLevelOf(rules, allDistressed) !== 'red';
}

export const chatPatientStatuses = ['new', 'active', 'awaiting', 'closed'] as const;
export type ChatPatientStatus = (typeof chatPatientStatuses)[number];

/** Appointments (docs/product.md §4); pending = scheduled or running. */
export const appointmentStatuses = ['scheduled', 'completed', 'canceled', 'running'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const pendingAppointmentStatuses = ['scheduled', 'running'] as const satisfies readonly AppointmentStatus[];

/** docs/product.md §4: ADRA is a free consultation funded by a partner organisation; Other is corporate, invoiced. */
export const paymentTypes = ['None', 'ADRA', 'Patient', 'Other'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/** Where an appointment's money stands: only a verified provider callback makes it `paid`. */
export const paymentStatuses = ['not_required', 'pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentProviders = ['sandbox', 'liqpay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** Who cancelled an appointment, or `payment-timeout` when an unpaid hold ran out. */
export const cancellationReasons = ['patient', 'doctor', 'operator', 'admin', 'payment-timeout', 'account-removed'] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/** Booking rules (docs/product.md §9, "Appointments"). */
export const DEFAULT_DOCTOR_TIME_ZONE = 'Europe/Kyiv';
export const DEFAULT_CONSULTATION_MINUTES = 50;
export const DEFAULT_BUFFER_MINUTES = 10;
export const DEFAULT_MIN_NOTICE_MINUTES = 120;
export const DEFAULT_HORIZON_DAYS = 60;
/** The bounds of a doctor's profile numbers, checked by the API and shown by the editors (the price in kopiyky). */
export const doctorProfileLimits = {
  consultation_minutes: { min: 15, max: 180 },
  buffer_minutes: { min: 0, max: 120 },
  min_notice_minutes: { min: 0, max: 7 * 24 * 60 },
  horizon_days: { min: 1, max: 365 },
  experience_years: { min: 0, max: 70 },
  price: { min: 0, max: 10_000_000 },
} as const;
/** A patient-paid booking holds its time this long awaiting payment, then the server cancels it. */
export const PAYMENT_HOLD_MINUTES = 15;
/** Patients cancel or reschedule until this long before the start; later only an operator can. */
export const PATIENT_CHANGE_LIMIT_MINUTES = 120;
/** A patient's cancellation earlier than this before the start refunds a paid appointment. */
export const PATIENT_REFUND_LIMIT_HOURS = 24;
/** The join button and join-meeting open this long before the start. */
export const JOIN_OPENS_MINUTES = 10;
/** Reminders go this long before the start. */
export const REMINDER_OFFSETS_MINUTES = [24 * 60, 15] as const;
/** The most days one available-slots call covers. */
export const AVAILABLE_SLOTS_MAX_DAYS = 62;

/** The kinds of specialist a doctor can be; labels live in `specialisationLabels` (used by search) and the locales. */
export const specialisations = [
  'psychologist',
  'psychotherapist',
  'psychiatrist',
  'child-psychologist',
  'neurologist',
  'family-doctor',
] as const;
export type Specialisation = (typeof specialisations)[number];
export const specialisationLabels: Record<Specialisation, { uk: string; en: string }> = {
  psychologist: { uk: 'Психолог', en: 'Psychologist' },
  psychotherapist: { uk: 'Психотерапевт', en: 'Psychotherapist' },
  psychiatrist: { uk: 'Психіатр', en: 'Psychiatrist' },
  'child-psychologist': { uk: 'Дитячий психолог', en: 'Child psychologist' },
  neurologist: { uk: 'Невролог', en: 'Neurologist' },
  'family-doctor': { uk: 'Сімейний лікар', en: 'Family doctor' },
};

/** docs/product.md §4 and §9: the in-app list keeps the newest 20. */
export const NOTIFICATIONS_LIST_MAX = 20;
export const NOTIFICATION_MESSAGE_MAX = 1000;
export const notificationKinds = [
  'simple',
  'appointment-created',
  'appointment-cancelled',
  'appointment-modified',
  'appointment-reminder',
  'payment',
  'chat-message',
  'broadcast',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Meetings (the video room). A signalling message larger than this (JSON characters) is dropped. */
export const SIGNAL_MAX_CHARS = 64_000;
/** Signalling messages one person may send into one room in {@link SIGNAL_RATE_WINDOW_MS}, over all its connections; more are dropped. */
export const SIGNAL_RATE_MAX = 120;
export const SIGNAL_RATE_WINDOW_MS = 10_000;
/** TURN credentials last this long by default (seconds, `TURN_TTL`). */
export const DEFAULT_TURN_TTL_SECONDS = 3600;
/** Call quality (docs/decisions.md "Meetings"): video pauses after this long of loss above the limit or bitrate below it. */
export const AUDIO_ONLY_LOSS_PERCENT = 10;
export const AUDIO_ONLY_MIN_KBPS = 150;
export const AUDIO_ONLY_AFTER_MS = 5_000;
/** Video comes back after this long of good quality. */
export const VIDEO_BACK_AFTER_MS = 15_000;
/** An ICE restart starts this soon after the connection reports `disconnected`. */
export const ICE_RESTART_AFTER_MS = 1_000;
/** Support reports from a call one person may send in an hour. */
export const MEETING_REPORTS_PER_HOUR = 5;

/** Messages (docs/product.md §3, §7): who a message is for and who wrote it, and its delivery status. */
export const messageRecipientTypes = ['operator', 'doctor', 'patient'] as const;
export type MessageRecipientType = (typeof messageRecipientTypes)[number];
export const messageSenderTypes = ['patient', 'operator', 'doctor'] as const;
export type MessageSenderType = (typeof messageSenderTypes)[number];
export const messageStatuses = ['Sent', 'Delivered', 'Read'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const MESSAGE_TEXT_MAX = 4000;
/** docs/product.md §9: the first page is 20; a page is at most 100. */
export const MESSAGES_PAGE_DEFAULT = 20;
export const MESSAGES_PAGE_MAX = 100;

/** Specialist sign-up: an application moves draft → submitted → approved or rejected (rejected may be resubmitted). */
export const specialistApplicationStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type SpecialistApplicationStatus = (typeof specialistApplicationStatuses)[number];

/** Support desk: a request waits in the queue (`open`), is taken by an operator (`in_progress`) and is closed. */
export const supportRequestStatuses = ['open', 'in_progress', 'closed'] as const;
export type SupportRequestStatus = (typeof supportRequestStatuses)[number];
export const supportRequestSources = ['call', 'desk'] as const;
export type SupportRequestSource = (typeof supportRequestSources)[number];
export const supportRequestTopics = ['account', 'booking', 'payment', 'consultation', 'technical', 'documents', 'other'] as const;
export type SupportRequestTopic = (typeof supportRequestTopics)[number];
/** How an operator's answer reached the requester. */
export const supportReplyChannels = ['email', 'chat'] as const;
export type SupportReplyChannel = (typeof supportReplyChannels)[number];

/**
 * The languages the specialist sign-up and the doctor's profile offer to tick (a doctor's other saved codes stay), with
 * their names in both interface languages as the reader's language writes them (lower case in Ukrainian).
 */
export const consultationLanguageLabels: Readonly<Record<string, { en: string; uk: string }>> = {
  uk: { en: 'Ukrainian', uk: 'українська' },
  en: { en: 'English', uk: 'англійська' },
  pl: { en: 'Polish', uk: 'польська' },
  de: { en: 'German', uk: 'німецька' },
  fr: { en: 'French', uk: 'французька' },
  es: { en: 'Spanish', uk: 'іспанська' },
  it: { en: 'Italian', uk: 'італійська' },
  cs: { en: 'Czech', uk: 'чеська' },
  ro: { en: 'Romanian', uk: 'румунська' },
  sk: { en: 'Slovak', uk: 'словацька' },
};

export const consultationLanguages: readonly string[] = Object.keys(consultationLanguageLabels);
