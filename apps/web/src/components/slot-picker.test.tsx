import { doctorsApi } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../test/api-double.ts';
import { show } from '../test/render.tsx';
import { SlotPicker } from './slot-picker.tsx';

// 10 November 2026, a Tuesday morning. Free times are at midday UTC, so they fall on the same day in any zone.
const NOW = new Date('2026-11-10T08:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** The reader's clock time of a slot, as a person would read it off a watch here. */
const clock = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

const thursday = ['2026-11-12T12:00:00.000Z', '2026-11-12T13:00:00.000Z'];
const friday = ['2026-11-13T11:30:00.000Z'];

function slotsApi(byMonth: (startDate: string) => string[]) {
  const api = createApiDouble();
  api.on(doctorsApi.availableSlots, ({ query }) => ({ body: byMonth(query.startDate!) }));
  return api;
}

function Picker({
  initial,
  horizonDays = 60,
  onChange = () => {},
}: {
  initial?: string;
  horizonDays?: number;
  onChange?: (slot: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SlotPicker
      doctorId="doctor-1"
      patientId="patient-1"
      horizonDays={horizonDays}
      value={value}
      onChange={(slot) => {
        setValue(slot);
        onChange(slot);
      }}
    />
  );
}

describe('choosing a date and time', () => {
  it('opens on the first day with free times and takes a time', async () => {
    const api = slotsApi(() => [...thursday, ...friday]);
    const onChange = vi.fn();
    await show(<Picker onChange={onChange} />, { api });
    expect(screen.getByText(/^Times are shown in your time zone: /)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    const times = await screen.findByRole('radiogroup', { name: 'Free times on Thursday 12 November' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.closest('div')!.textContent),
    ).toEqual(thursday.map(clock));
    await userEvent.click(within(times).getByLabelText(clock(thursday[1]!)));
    expect(onChange).toHaveBeenCalledWith(thursday[1]);
    expect(within(times).getByLabelText(clock(thursday[1]!))).toBeChecked();
    // The patient's own other bookings are left out, from now on.
    expect(api.callsTo(doctorsApi.availableSlots, { id: 'doctor-1' })[0]!.query).toMatchObject({
      patientId: 'patient-1',
      startDate: NOW.toISOString(),
    });
  });

  it('names each day with what it offers; a day without free times cannot be chosen', async () => {
    await show(<Picker />, { api: slotsApi(() => [...thursday, ...friday]) });
    const thursdayButton = await screen.findByRole('button', { name: 'Thursday 12 November, free times: 2' });
    expect(thursdayButton).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Friday 13 November, free times: 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Wednesday 11 November, no free times' })).toBeDisabled();
  });

  it('works from the keyboard: Enter on a day shows its times, Space takes one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    await show(<Picker onChange={onChange} />, { api: slotsApi(() => [...thursday, ...friday]) });
    const fridayButton = await screen.findByRole('button', { name: 'Friday 13 November, free times: 1' });
    fridayButton.focus();
    await user.keyboard('{Enter}');
    const times = await screen.findByRole('radiogroup', { name: 'Free times on Friday 13 November' });
    expect(screen.getByRole('heading', { name: 'Friday 13 November' })).toBeInTheDocument();
    within(times).getByRole('radio').focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith(friday[0]);
  });

  it('moves on by itself to the next month when this one has nothing left', async () => {
    const api = slotsApi((startDate) => (startDate.startsWith('2026-11') ? [] : ['2026-12-02T12:00:00.000Z']));
    await show(<Picker />, { api });
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: 'Free times on Wednesday 2 December' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled();
  });

  it('says when nothing is free in the coming weeks, and offers no month beyond them', async () => {
    await show(<Picker horizonDays={14} />, { api: slotsApi(() => []) });
    expect(
      await screen.findByText('No free times in the coming weeks. Please choose another specialist or try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('goes to the next month and back with its buttons', async () => {
    const user = userEvent.setup();
    await show(<Picker />, { api: slotsApi((startDate) => (startDate.startsWith('2026-11') ? thursday : [])) });
    await screen.findByRole('radiogroup', { name: 'Free times on Thursday 12 November' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(await screen.findByText('No free times left this month. Try the next month.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('radiogroup', { name: 'Free times on Thursday 12 November' })).toBeInTheDocument();
  });

  it('says so when the chosen time was taken meanwhile', async () => {
    await show(<Picker initial="2026-11-12T15:00:00.000Z" />, { api: slotsApi(() => thursday) });
    const notice = await screen.findByText('The time you chose has just been taken. Please choose another one.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it('keeps a chosen time that is still free, on its own day', async () => {
    await show(<Picker initial={friday[0]} />, { api: slotsApi(() => [...thursday, ...friday]) });
    const times = await screen.findByRole('radiogroup', { name: 'Free times on Friday 13 November' });
    expect(within(times).getByRole('radio')).toBeChecked();
    expect(screen.queryByText(/just been taken/)).not.toBeInTheDocument();
  });

  it('reads in Ukrainian', async () => {
    await show(<Picker />, { api: slotsApi(() => thursday), locale: 'uk' });
    expect(screen.getByText(/^Час показано у вашому часовому поясі: /)).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: 'Вільний час: четвер, 12 листопада' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'середа, 11 листопада, немає вільного часу' })).toBeDisabled();
  });

  it('shows why the free times could not be loaded', async () => {
    const api = createApiDouble();
    api.on(doctorsApi.availableSlots, { status: 404, error: { code: 'NOT_FOUND', message: 'No such doctor' } });
    await show(<Picker />, { api });
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
