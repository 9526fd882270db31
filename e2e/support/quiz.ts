import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const questionHeading = (number: number, total?: number) => new RegExp(`^(Question|Запитання) ${number} (of|з) ${total ?? '\\d+'}$`);

/**
 * Answers the questions from `from` (0-based, the one shown) to the last; `choice(index)` is the position of the
 * answer (shown A, C, B: well, in between, distressed). Each is chosen with the keyboard and confirmed with Next, so
 * no question waits for the fade a tap starts; the last answer stays on its question until `finish` is pressed.
 */
export async function answerQuestions(
  page: Page,
  options: { from?: number; choice: (index: number) => number; next?: string; finish?: string },
): Promise<number> {
  const { from = 0, choice, next = 'Next', finish = 'See my result' } = options;
  const heading = await page.getByRole('heading', { name: questionHeading(from + 1) }).innerText();
  const total = Number(/(\d+)$/.exec(heading)?.[1]);
  expect(total).toBeGreaterThan(from);
  for (let index = from; index < total; index++) {
    // A new question focuses its heading; the answer is focused after that.
    await expect(page.getByRole('heading', { name: questionHeading(index + 1, total) })).toBeFocused();
    const radio = page.getByRole('radiogroup').getByRole('radio').nth(choice(index));
    await radio.focus();
    await page.keyboard.press('Space');
    await expect(radio).toBeChecked();
    await page.getByRole('button', { name: index === total - 1 ? finish : next, exact: true }).click();
  }
  return total;
}
