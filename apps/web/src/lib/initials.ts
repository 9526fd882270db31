/** SPEC.md §9 avatar initials: the first letters of the first two words, at most 2 characters, upper case. */
export function initials(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // A letter may be two UTF-16 units (and Ukrainian names are not ASCII): take the first code point.
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toLocaleUpperCase()
  );
}
