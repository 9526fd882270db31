import type { Appointment, User } from '@rozmova/contracts';
import type { BookingDraft } from './draft.ts';

/** What every step receives from the booking page. */
export interface StepProps {
  user: User;
  patientId: string;
  draft: BookingDraft;
  /** The server's current appointment (docs/product.md §4), if any. */
  current: Appointment | undefined;
}
