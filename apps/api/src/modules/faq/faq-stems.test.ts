import { describe, expect, test } from 'vitest';
import { stemsOf, stemWord, wordsOf } from './faq-stems.ts';

describe('the FAQ stemmer', () => {
  test.each([
    ['pay', ['pay', 'pays', 'paying', 'payment', 'payments']],
    ['consult', ['consult', 'consulting', 'consultation', 'consultations']],
    ['refund', ['refund', 'refunds', 'refunded', 'refunding']],
    ['book', ['book', 'booked', 'booking', 'bookings']],
    ['cancel', ['cancel', 'cancelled', 'canceled', 'cancelling', 'cancellation']],
    ['repl', ['reply', 'replies', 'replied']],
    ['not', ['note', 'notes']],
  ])('English forms share the stem "%s"', (stem, words) => {
    expect(words.map(stemWord)).toEqual(words.map(() => stem));
  });

  test.each([
    ['оплат', ['оплата', 'оплати', 'оплату', 'оплатою', 'оплатити', 'оплатіть']],
    ['консульт', ['консультація', 'консультацію', 'консультації', 'консультацій', 'консультацією', 'консультувати']],
    ['поверн', ['повернення', 'повернути']],
    ['кошт', ['кошти', 'коштів', 'коштами']],
  ])('Ukrainian forms share the stem "%s"', (stem, words) => {
    expect(words.map(stemWord)).toEqual(words.map(() => stem));
  });

  test('a short word keeps its letters: an English stem has 3 letters at least, a Ukrainian one 4', () => {
    expect(['pay', 'use', 'fee', 'add'].map(stemWord)).toEqual(['pay', 'use', 'fee', 'add']);
    expect(['fees', 'added'].map(stemWord)).toEqual(['fee', 'add']);
    expect(['час', 'ціна', 'сайт'].map(stemWord)).toEqual(['час', 'ціна', 'сайт']);
  });

  test('a stem is the start of its word in lower case, apostrophes left out', () => {
    expect(stemWord('Payment')).toBe('pay');
    expect(stemWord('З’явиться')).toBe(stemWord("з'явиться"));
    for (const word of ['consultations', 'повернення', 'specialists', 'хвилин']) expect(word.startsWith(stemWord(word))).toBe(true);
  });

  test('words are letters and digits; the stored stems start each with a space', () => {
    expect(wordsOf('Як оплатити консультацію? By card, 24/7 — з’явиться')).toEqual([
      'як',
      'оплатити',
      'консультацію',
      'by',
      'card',
      '24',
      '7',
      'з’явиться',
    ]);
    expect(stemsOf(['How do I pay?', 'Оплата карткою.'])).toBe(' how do i pay оплат картк ');
    expect(stemsOf([])).toBe(' ');
  });
});
