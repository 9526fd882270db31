import type { MessagesReadEvent } from '@rozmova/contracts';

/**
 * Payloads of the contracts' shapes, for tests that need some event to travel: the bus sends only declared events, and
 * under test checks each payload.
 */
export const sampleReadEvent = (id: string): MessagesReadEvent => ({ patientId: id, appointmentId: null, ids: [id] });
