import { MULTI_LINE_TEXT_MESSAGE, ONE_LINE_TEXT_MESSAGE } from '@rozmova/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import uk from '../locales/uk.json';
import { ApiError } from './api-client.ts';
import { fieldErrors } from './api-errors.ts';

/** A `t` that looks keys up in one locale file, as i18next would. */
const translator = (texts: object) =>
  ((key: string) => key.split('.').reduce<any>((node, part) => node?.[part], texts) ?? key) as unknown as TFunction;

const refused = new ApiError(400, {
  code: 'VALIDATION_FAILED',
  message: 'Validation failed',
  errors: [
    { path: 'body.user_name', message: ONE_LINE_TEXT_MESSAGE },
    { path: 'body.bio.uk', message: MULTI_LINE_TEXT_MESSAGE },
    { path: 'body.question_answers.1.text.en', message: MULTI_LINE_TEXT_MESSAGE },
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
