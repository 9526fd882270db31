/** Titles and honorifics before a name, without their dot, lower case: they are not part of the person's initials. */
const titles = new Set(['dr', 'prof', 'doc', 'assoc', 'mr', 'mrs', 'ms', 'mx', 'miss', 'др', 'д-р', 'лікар', 'проф', 'доц', 'пан', 'пані']);

const isTitle = (word: string) => titles.has(word.replace(/\.$/, '').toLocaleLowerCase());

/**
 * docs/product.md §9 avatar initials: the first letters of the first two words, at most 2 characters, upper case.
 * Titles before the name ("Др. Ігор Савчук", "Prof. Anna Lee") are skipped; a name made only of titles keeps them.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const start = words.findIndex((word) => !isTitle(word));
  return (
    (start === -1 ? words : words.slice(start))
      .slice(0, 2)
      // A letter may be two UTF-16 units (and Ukrainian names are not ASCII): take the first code point.
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toLocaleUpperCase()
  );
}
