import { describe, expect, it } from 'vitest';
import { durationParts, joinWindow } from './room-timing.ts';

const appointment = {
  appointment_status: 'scheduled' as const,
  appointment_date: '2030-05-01T14:00:00+03:00',
  appointment_endDate: '2030-05-01T14:50:00+03:00',
};
const at = (time: string) => Date.parse(`2030-05-01T${time}+03:00`);

describe('joinWindow', () => {
  it('opens 10 minutes before the start and closes at the end', () => {
    expect(joinWindow(appointment, at('13:49:30'))).toEqual({ kind: 'early', opensAt: at('13:50:00'), msLeft: 30_000 });
    expect(joinWindow(appointment, at('13:50:00'))).toEqual({ kind: 'open' });
    expect(joinWindow(appointment, at('14:49:59'))).toEqual({ kind: 'open' });
    expect(joinWindow(appointment, at('14:50:00'))).toEqual({ kind: 'over' });
  });

  it('keeps a running consultation open past its end', () => {
    expect(joinWindow({ ...appointment, appointment_status: 'running' }, at('15:30:00'))).toEqual({ kind: 'open' });
  });
});

describe('durationParts', () => {
  it('rounds up to the next second and never goes below zero', () => {
    expect(durationParts(270_200)).toEqual({ hours: 0, minutes: 4, seconds: 31 });
    expect(durationParts(3_900_000)).toEqual({ hours: 1, minutes: 5, seconds: 0 });
    expect(durationParts(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
});
