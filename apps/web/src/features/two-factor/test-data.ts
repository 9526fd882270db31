import { screen, within } from '@testing-library/react';

/** The recovery codes the page lists, once it lists them. */
export async function shownRecoveryCodes(): Promise<(string | null)[]> {
  const list = await screen.findByRole('list', { name: 'Recovery codes' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}
