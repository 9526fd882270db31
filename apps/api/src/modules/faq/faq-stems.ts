/**
 * A light stemmer for the FAQ search in English and Ukrainian: a word loses its common ending, so "payment", "paying"
 * and "pay" share the stem "pay", and "оплата", "оплатити" and "оплати" share "оплат". It only cuts endings (never
 * rewrites letters), so a stem is always the start of its word; the search matches a query's stems as the starts of
 * the text's stems, which finds a shorter form by a longer one and the other way round.
 */

/** The shortest stem an ending may leave: English words are short ("pay"), Ukrainian ones carry longer endings. */
const MIN_STEM = { en: 3, uk: 4 } as const;

const byLength = (endings: string[]) => [...endings].sort((a, b) => b.length - a.length);

const englishEndings = byLength([
  'ations',
  'ation',
  'ments',
  'ment',
  'ings',
  'ing',
  'ness',
  'ities',
  'ity',
  'ies',
  'ied',
  'ers',
  'er',
  'ed',
  'es',
  'ful',
  'able',
  'ible',
  'less',
  's',
  'e',
  'y',
]);

const ukrainianEndings = byLength([
  // verbal nouns and -ація nouns in their cases
  'ування',
  'ювання',
  'ання',
  'ення',
  'іння',
  'яння',
  'анням',
  'енням',
  'анні',
  'енні',
  'ація',
  'ації',
  'ацію',
  'ацією',
  'ацій',
  'аціям',
  'аціях',
  'ість',
  'ості',
  'істю',
  // verbs: infinitive, present, past, imperative
  'увати',
  'ювати',
  'ати',
  'яти',
  'ити',
  'іти',
  'ути',
  'ать',
  'ять',
  'ить',
  'уть',
  'ють',
  'ує',
  'ують',
  'ємо',
  'емо',
  'имо',
  'ете',
  'єте',
  'ите',
  'еш',
  'єш',
  'иш',
  'ав',
  'ала',
  'али',
  'ало',
  'ив',
  'ила',
  'или',
  'ило',
  'іть',
  // nouns and adjectives in their cases
  'ами',
  'ями',
  'ому',
  'ого',
  'ьому',
  'ього',
  'ими',
  'ої',
  'ою',
  'ею',
  'єю',
  'ій',
  'ий',
  'их',
  'іх',
  'им',
  'ім',
  'ам',
  'ям',
  'ах',
  'ях',
  'ом',
  'ем',
  'ів',
  'їв',
  'ей',
  'ові',
  'еві',
  'єві',
  'а',
  'я',
  'и',
  'і',
  'ї',
  'у',
  'ю',
  'о',
  'е',
  'є',
  'ь',
]);

const reflexive = ['ся', 'сь'];
const cyrillic = /[\u0400-\u04ff]/;
const doubleConsonant = /([b-df-hj-np-tv-z])\1$/;

/** The longest ending of the list that leaves at least `min` letters, cut off. */
function cutEnding(word: string, endings: readonly string[], min: number): string {
  const ending = endings.find((candidate) => word.endsWith(candidate) && word.length - candidate.length >= min);
  return ending ? word.slice(0, -ending.length) : word;
}

function stemEnglish(word: string): string {
  // Endings stack ("payments" → "payment" → "pay"), so cut until none is left.
  let stem = word;
  let next = cutEnding(stem, englishEndings, MIN_STEM.en);
  while (next !== stem) {
    stem = next;
    next = cutEnding(stem, englishEndings, MIN_STEM.en);
  }
  // "cancelled" and "cancel", "calling" and "call" meet at one stem.
  return stem.length > MIN_STEM.en && doubleConsonant.test(stem) ? stem.slice(0, -1) : stem;
}

function stemUkrainian(word: string): string {
  return cutEnding(cutEnding(word, reflexive, MIN_STEM.uk + 1), ukrainianEndings, MIN_STEM.uk);
}

/** One word's stem (the word in lower case, without apostrophes). */
export function stemWord(word: string): string {
  const plain = word.toLowerCase().replace(/['’ʼ`]/g, '');
  return cyrillic.test(plain) ? stemUkrainian(plain) : stemEnglish(plain);
}

/** The words of a text: letters and digits, an apostrophe inside a word kept with it ("з’явиться", "don't"). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’ʼ`][\p{L}\p{N}]+)*/gu) ?? [];

/** A text's stems as the search stores them: space-separated with a space before each, so "% pay%" finds a stem's start. */
export const stemsOf = (texts: readonly string[]): string =>
  wordsOf(texts.join(' '))
    .map((word) => ` ${stemWord(word)}`)
    .join('') + ' ';
