import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link.ts';

describe('notificationLink: each notification opens what it is about', () => {
  it.each([
    ['appointment-created', 'patient', '/user/appointment-step5'],
    ['appointment-reminder', 'patient', '/user/appointment-step5'],
    ['payment', 'patient', '/user/appointment-step5'],
    ['appointment-cancelled', 'patient', '/user?tab=consultations'],
    ['appointment-created', 'doctor', '/doctor'],
    ['appointment-cancelled', 'operator', '/operator'],
  ] as const)('%s for a %s → %s', (kind, role, link) => {
    expect(notificationLink({ notification_kind: kind, appointment_id: 'a1' }, role)).toBe(link);
  });

  it('a note without a consultation leads nowhere', () => {
    expect(notificationLink({ notification_kind: 'simple', appointment_id: null }, 'patient')).toBeUndefined();
  });
});
