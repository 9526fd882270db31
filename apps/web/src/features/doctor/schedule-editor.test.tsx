import { Notifications, notifications } from '@mantine/notifications';
import { doctorsApi, type Doctor, type UpdateDoctorBody } from '@rozmova/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';
import { doctorAccount, doctorProfile } from './test-data.ts';

/** The editor with the server taking every save (it answers the profile as saved). */
async function openEditor(doctor: Doctor = doctorProfile(), locale: 'en' | 'uk' = 'en') {
  const api = createApiDouble();
  api.on(doctorsApi.update, (call) => ({ body: { ...doctor, ...(call.body as UpdateDoctorBody) } as Doctor }));
  await show(
    <>
      <Notifications />
      <ScheduleEditor doctor={doctor} />
    </>,
    { api, user: doctorAccount, locale },
  );
  const sent = () => api.callsTo(doctorsApi.update, { id: doctor.id }).map((call) => call.body as UpdateDoctorBody);
  return { api, sent };
}

// A toast outlives its test in Mantine's store: each test starts without any.
beforeEach(() => notifications.clean());

/** Types into a field as one paste: the editor is long, and each keystroke draws it again. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

const day = (name: string) => screen.getByRole('group', { name });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('the weekly hours', { timeout: 30_000 }, () => {
  it('shows each weekday’s hours, and a day off where there are none', async () => {
    await openEditor(doctorProfile({ weekly_hours: [{ weekday: 1, start: '09:00', end: '13:00' }] }));
    expect(within(day('Monday')).getByRole('textbox', { name: 'Start' })).toHaveValue('09:00');
    expect(within(day('Monday')).getByRole('textbox', { name: 'End' })).toHaveValue('13:00');
    expect(day('Tuesday')).toHaveTextContent('Day off');
    expect(screen.getByText(/in the doctor's time zone \(Europe\/Kyiv\)/)).toBeVisible();
  });

  it('adds a working day from 09:00 to 18:00 and saves the hours in order', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add hours on Wednesday' }));
    expect(within(day('Wednesday')).getByRole('textbox', { name: 'Start' })).toHaveValue('09:00');
    expect(within(day('Wednesday')).getByRole('textbox', { name: 'End' })).toHaveValue('18:00');
    // A second interval on Monday starts empty.
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const monday = within(day('Monday'));
    expect(monday.getAllByRole('textbox', { name: 'Start' })[1]).toHaveValue('');
    await fill(user, monday.getAllByRole('textbox', { name: 'Start' })[1]!, '14:00');
    await fill(user, monday.getAllByRole('textbox', { name: 'End' })[1]!, '17:30');
    await user.click(save());

    expect(await screen.findByText('The schedule and profile are saved.')).toBeVisible();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.weekly_hours).toEqual([
      { weekday: 1, start: '09:00', end: '13:00' },
      { weekday: 1, start: '14:00', end: '17:30' },
      { weekday: 3, start: '09:00', end: '18:00' },
    ]);
  });

  it('refuses an end before the start next to the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    const end = within(day('Monday')).getByRole('textbox', { name: 'End' });
    await fill(user, end, '08:00');
    await user.click(save());
    expect(await within(day('Monday')).findByText('The end must be after the start')).toBeVisible();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please check the form and try again')).toBeVisible();
    expect(sent()).toEqual([]);

    // Correcting the field clears its message, and the save goes.
    await fill(user, end, '12:00');
    expect(within(day('Monday')).queryByText('The end must be after the start')).toBeNull();
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.weekly_hours).toEqual([{ weekday: 1, start: '09:00', end: '12:00' }]);
  });

  it('refuses overlapping hours of one day and a time that is not HH:mm', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const monday = within(day('Monday'));
    await fill(user, monday.getAllByRole('textbox', { name: 'Start' })[1]!, '12:00');
    await fill(user, monday.getAllByRole('textbox', { name: 'End' })[1]!, '9pm');
    await user.click(screen.getByRole('button', { name: 'Add hours on Friday' }));
    const friday = within(day('Friday'));
    await fill(user, friday.getByRole('textbox', { name: 'Start' }), '10:00');
    await fill(user, friday.getByRole('textbox', { name: 'End' }), '11:00');
    await user.click(screen.getByRole('button', { name: 'Add hours on Friday' }));
    await fill(user, friday.getAllByRole('textbox', { name: 'Start' })[1]!, '10:30');
    await fill(user, friday.getAllByRole('textbox', { name: 'End' })[1]!, '12:00');
    await user.click(save());

    expect(await monday.findByText('Use HH:mm, e.g. 09:00')).toBeVisible();
    expect(friday.getAllByText('Overlaps other hours of the same day')).toHaveLength(2);
    expect(sent()).toEqual([]);
  });

  it('removes an interval by its named button', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor(
      doctorProfile({
        weekly_hours: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '13:00', end: '17:00' },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove 09:00–12:00 on Tuesday' }));
    expect(within(day('Tuesday')).getAllByRole('textbox', { name: 'Start' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove 13:00–17:00 on Tuesday' }));
    expect(day('Tuesday')).toHaveTextContent('Day off');
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.weekly_hours).toEqual([]);
  });
});

describe('days off and extra hours', { timeout: 30_000 }, () => {
  it('adds days off once each, lists them by date, removes one, and saves them sorted', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor(doctorProfile({ days_off: ['2026-12-31'] }));
    const dateField = screen.getByLabelText('Date of the day off');
    const add = screen.getByRole('button', { name: 'Add the day off' });
    expect(add).toBeDisabled();
    for (const date of ['2026-12-24', '2026-12-24', '2026-12-25']) {
      fireEvent.change(dateField, { target: { value: date } });
      await user.click(add);
    }
    const list = screen.getByRole('list', { name: 'Days off' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['31 December', '24 December', '25 December'].map((text) => expect.stringContaining(text)));
    await user.click(screen.getByRole('button', { name: /^Remove the day off 31 December/ }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.days_off).toEqual(['2026-12-24', '2026-12-25']);
  });

  it('asks for the date of extra hours before saving them', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add extra hours' }));
    await user.click(save());
    expect(await screen.findByText('Choose a date')).toBeVisible();
    expect(sent()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-27' } });
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.extra_hours).toEqual([{ date: '2026-12-27', start: '09:00', end: '13:00' }]);
  });

  it('speaks Ukrainian', async () => {
    const user = userEvent.setup();
    await openEditor(doctorProfile(), 'uk');
    expect(screen.getByRole('group', { name: 'Вівторок' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Розклад і профіль збережено.')).toBeVisible();
  });
});
