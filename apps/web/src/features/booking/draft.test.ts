import { beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, updateDraft } from './draft.ts';

describe('the booking draft', () => {
  beforeEach(() => {
    sessionStorage.clear();
    clearDraft();
  });

  it('keeps the choices in sessionStorage, so a reload keeps them', () => {
    updateDraft('u1', { doctorId: 'd1' });
    updateDraft('u1', { slot: '2026-03-12T10:00:00+02:00', reason: 'Sleep' });
    expect(JSON.parse(sessionStorage.getItem('rozmova-booking')!)).toEqual({
      userId: 'u1',
      doctorId: 'd1',
      slot: '2026-03-12T10:00:00+02:00',
      reason: 'Sleep',
    });
    expect(readDraft('u1')).toEqual({ userId: 'u1', doctorId: 'd1', slot: '2026-03-12T10:00:00+02:00', reason: 'Sleep' });
  });

  it('removes a choice set to undefined', () => {
    updateDraft('u1', { doctorId: 'd1', slot: 's' });
    updateDraft('u1', { slot: undefined });
    expect(readDraft('u1')).toEqual({ userId: 'u1', doctorId: 'd1' });
  });

  it('is empty for another user and after clearing', () => {
    updateDraft('u1', { doctorId: 'd1' });
    expect(readDraft('u2')).toEqual({ userId: 'u2' });
    clearDraft();
    expect(readDraft('u1')).toEqual({ userId: 'u1' });
  });

  it('keeps why step 2 was shown again, and only the known reasons', () => {
    updateDraft('u1', { doctorId: 'd1', notice: 'APPOINTMENT_SLOT_TAKEN' });
    expect(readDraft('u1').notice).toBe('APPOINTMENT_SLOT_TAKEN');
    sessionStorage.setItem('rozmova-booking', JSON.stringify({ userId: 'u1', notice: 'SOMETHING' }));
    expect(readDraft('u1').notice).toBeUndefined();
  });

  it('ignores a damaged stored value', () => {
    sessionStorage.setItem('rozmova-booking', '{not json');
    expect(readDraft('u1')).toEqual({ userId: 'u1' });
    sessionStorage.setItem('rozmova-booking', JSON.stringify({ userId: 'u1', doctorId: 5, slot: '' }));
    expect(readDraft('u1')).toEqual({ userId: 'u1' });
  });
});
