import { describe, expect, it } from 'vitest';
import { isRefreshedByAppointmentEvents } from './realtime-keys.ts';

describe('isRefreshedByAppointmentEvents', () => {
  it('matches slots, appointments, notifications and payments wherever the word stands in the key', () => {
    expect(isRefreshedByAppointmentEvents(['appointments', 'doctor', 'd1', '2025-01-01T00:00:00.000Z'])).toBe(true);
    expect(isRefreshedByAppointmentEvents(['doctors', 'slots', 'd1', '2025-01-01T00:00:00.000Z'])).toBe(true);
    expect(isRefreshedByAppointmentEvents(['doctors', 'd1', 'available-slots', { duration: 7 }])).toBe(true);
    expect(isRefreshedByAppointmentEvents(['notifications', 'u1'])).toBe(true);
    expect(isRefreshedByAppointmentEvents(['payments', 'a1'])).toBe(true);
  });

  it('leaves other queries alone', () => {
    expect(isRefreshedByAppointmentEvents(['doctors', 'one', 'd1'])).toBe(false);
    expect(isRefreshedByAppointmentEvents(['user-references', 'my'])).toBe(false);
    expect(isRefreshedByAppointmentEvents([{ appointments: true }])).toBe(false);
  });
});
