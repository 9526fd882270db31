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
