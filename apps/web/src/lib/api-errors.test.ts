import { fieldErrorCodes } from '@rozmova/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import uk from '../locales/uk.json';
import { ApiError } from './api-client.ts';
import { fieldErrors, fieldErrorTextKeys } from './api-errors.ts';

/** A `t` that looks keys up in one locale file, as i18next would. */
const translator = (texts: object) =>
  ((key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts) ??
    key) as unknown as TFunction;

const refused = new ApiError(400, {
  code: 'VALIDATION_FAILED',
  message: 'Validation failed',
  errors: [
    { path: 'body.user_name', code: 'ONE_LINE_TEXT', message: 'Some English words' },
    { path: 'body.bio.uk', code: 'MULTI_LINE_TEXT', message: 'Some English words' },
    { path: 'body.question_answers.1.text.en', code: 'MULTI_LINE_TEXT', message: 'Some English words' },
  ],
});

describe('field errors for control characters', () => {
  it('land on their fields (nested ones by their dotted path) in the reader language', () => {
    for (const texts of [en, uk]) {
      expect(fieldErrors(translator(texts), refused)).toEqual({
        user_name: texts.errors.field.oneLineText,
        'bio.uk': texts.errors.field.multiLineText,
        'question_answers.1.text.en': texts.errors.field.multiLineText,
      });
    }
  });
});

describe('field errors are matched by their code, never by the message', () => {
  it("the same message with another code gets the other code's text", () => {
    const t = translator(en);
    const error = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Validation failed',
      errors: [
        { path: 'password', code: 'PASSWORD_INCORRECT', message: 'This password is too common, choose another one' },
        { path: 'body.note', code: 'TOO_LONG', message: 'Too big: expected string to have <=4000 characters' },
      ],
    });
    expect(fieldErrors(t, error)).toEqual({
      password: en.errors.field.passwordIncorrect,
      note: 'Too big: expected string to have <=4000 characters',
    });
  });

  it('every code with a text of the app is a contracts code whose key exists in both languages', () => {
    for (const [code, key] of Object.entries(fieldErrorTextKeys)) {
      expect(fieldErrorCodes).toContain(code);
      for (const texts of [en, uk]) expect(translator(texts)(key)).not.toBe(key);
    }
  });
});
