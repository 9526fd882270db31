/** What the landing page tells once after an account removal about the consultation it cancelled (the server's refund rule). */
export type AccountRemovalOutcome = 'none' | 'cancelled' | 'refund' | 'noRefund';

const outcomes: readonly AccountRemovalOutcome[] = ['none', 'cancelled', 'refund', 'noRefund'];
const KEY = 'rozmova-account-removed';

/** Kept by the cabinet just before it leaves for the landing page. */
export function keepAccountRemoval(outcome: AccountRemovalOutcome): void {
  try {
    sessionStorage.setItem(KEY, outcome);
  } catch {
    // Storage disabled: the landing page opens without the notice.
  }
}

/** Read by the landing page, which then forgets it, so the notice is shown once. */
export function readAccountRemoval(): AccountRemovalOutcome | undefined {
  try {
    const value = sessionStorage.getItem(KEY);
    return outcomes.find((item) => item === value);
  } catch {
    return undefined;
  }
}

export function forgetAccountRemoval(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
