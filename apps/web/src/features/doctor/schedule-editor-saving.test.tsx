import { Notifications } from '@mantine/notifications';
import { DOCTOR_NAME_EN_MAX, doctorProfileLimits, doctorsApi, type Doctor, type UpdateDoctorBody } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiDouble, fieldRefusal, type Answer, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';
import { doctorAccount, doctorProfile } from './test-data.ts';

const savedAs =
  (doctor: Doctor) =>
  (call: { body: unknown }): Answer<typeof doctorsApi.update> => ({ body: { ...doctor, ...(call.body as UpdateDoctorBody) } as Doctor });

async function openEditor(doctor: Doctor = doctorProfile(), answer?: (api: ApiDouble) => void) {
  const api = createApiDouble();
  if (answer) answer(api);
  else api.on(doctorsApi.update, savedAs(doctor));
  await show(
    <>
      <Notifications />
      <ScheduleEditor doctor={doctor} />
    </>,
    { api, user: doctorAccount },
  );
  const sent = () => api.callsTo(doctorsApi.update, { id: doctor.id });
  return { api, sent };
}

// A toast outlives its test in Mantine's store: each test starts without any.
beforeEach(() => notifications.clean());

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Save' });
const minutes = 'Consultation length, minutes';

async function replace(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  // One paste: the editor is long, and each keystroke draws it again.
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(text);
}

describe('the booking rules and the profile', { timeout: 30_000 }, () => {
  it('holds the consultation length to the contract’s range, and names the range when it is empty', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    const { min, max } = doctorProfileLimits.consultation_minutes;
    await user.clear(field(minutes));
    await user.click(save());
    expect(await screen.findByText(`From ${min} to ${max}`)).toBeVisible();
    expect(sent()).toEqual([]);

    // Past the end, the field takes the longest the contract allows once the doctor leaves it.
    await user.type(field(minutes), String(max + 60));
    await user.tab();
    expect(field(minutes)).toHaveValue(String(max));
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({ consultation_minutes: max, buffer_minutes: 10, min_notice_minutes: 120, horizon_days: 30 });
  });

  it('sends the price in kopiyky, and no price while the field is empty', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor(doctorProfile({ price: null, missing: ['price'] }));
    expect(field('Price, UAH')).toHaveValue('');
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).not.toHaveProperty('price');

    await replace(user, 'Price, UAH', '450.50');
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]!.body).toMatchObject({ price: 45_050 });
  });

  it('sends "published" only when the doctor ticks or unticks it', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).not.toHaveProperty('published');

    await user.click(screen.getByRole('checkbox', { name: 'Published: patients see this profile and book it' }));
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({ method: 'PUT', path: `/v1/doctors/${doctorAccount.id}`, body: { published: true } });
  });

  it('asks for a specialisation and a language, and a web address for the photo', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await user.click(screen.getByRole('checkbox', { name: 'Psychologist' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ukrainian' }));
    await user.click(field('Photo address (optional)'));
    await user.paste('ftp://example.com/me.jpg');
    await user.click(save());
    expect(await screen.findByText('Choose at least one specialisation')).toBeVisible();
    expect(screen.getByText('Choose at least one language')).toBeVisible();
    expect(screen.getByText('An address that starts with https://')).toBeVisible();
    expect(sent()).toEqual([]);
  });

  it('sends the trimmed names and texts of the profile', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await user.click(field('Name in English (Latin letters)'));
    await user.paste('  Iryna Koval ');
    await user.click(field('About me in English (optional)'));
    await user.paste(' Ten years with adults. ');
    await user.click(field('Photo address (optional)'));
    await user.paste('https://example.com/me.jpg');
    await user.click(save());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.body).toMatchObject({
      name_en: 'Iryna Koval',
      bio: { uk: '', en: 'Ten years with adults.' },
      photo_url: 'https://example.com/me.jpg',
    });
    expect(field('Name in English (Latin letters)')).toHaveAttribute('maxlength', String(DOCTOR_NAME_EN_MAX));
  });
});

describe('saving the schedule', { timeout: 30_000 }, () => {
  it('shows Save as busy while the schedule is on its way, and makes what was saved the new start', async () => {
    const user = userEvent.setup();
    const doctor = doctorProfile();
    let answer: (value: Answer<typeof doctorsApi.update>) => void = () => {};
    const { sent } = await openEditor(doctor, (api) => api.on(doctorsApi.update, () => new Promise((resolve) => (answer = resolve))));
    await replace(user, minutes, '60');
    await user.click(save());
    await waitFor(() => expect(save()).toHaveAttribute('data-loading', 'true'));
    expect(save()).toBeDisabled();
    answer({ body: { ...doctor, consultation_minutes: 60 } });
    expect(await screen.findByText('The schedule and profile are saved.')).toBeVisible();
    expect(sent()).toHaveLength(1);
    // "Discard changes" now goes back to the saved 60, and nothing is left unsent.
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(field(minutes)).toHaveValue('60');
    expect(document.querySelector('form[data-unsaved]')).toBeNull();
  });

  it('puts back what was there before on "Discard changes"', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor();
    await replace(user, minutes, '90');
    await user.click(screen.getByRole('button', { name: 'Add hours on Sunday' }));
    expect(field(minutes).closest('form')).toHaveAttribute('data-unsaved');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(field(minutes)).toHaveValue('50');
    expect(screen.getByRole('group', { name: 'Sunday' })).toHaveTextContent('Day off');
    expect(sent()).toEqual([]);
  });

  it('puts a field the server refuses next to that field, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { sent } = await openEditor(doctorProfile(), (api) =>
      api.on(doctorsApi.update, fieldRefusal({ path: 'body.weekly_hours.0.end', code: 'INVALID', message: 'The start is before the end' })),
    );
    await replace(user, minutes, '45');
    await user.click(save());
    expect(await screen.findByText('The start is before the end')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Monday' }).querySelector('[aria-invalid="true"]')).toHaveValue('13:00');
    expect(screen.getByText('Please check the form and try again')).toBeVisible();
    expect(field(minutes)).toHaveValue('45');
    expect(sent()).toHaveLength(1);
  });

  it('says why the server refused the whole save, keeps the input and lets the doctor try again', async () => {
    const user = userEvent.setup();
    const doctor = doctorProfile();
    const { api, sent } = await openEditor(doctor, (double) =>
      double.on(doctorsApi.update, { status: 409, error: { code: 'DOCTOR_PROFILE_INCOMPLETE', message: 'Incomplete' } }),
    );
    await replace(user, minutes, '40');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Complete the profile before publishing it: a specialisation, working hours and a price.',
    );
    expect(field(minutes)).toHaveValue('40');
    expect(screen.queryByText('The schedule and profile are saved.')).toBeNull();

    api.on(doctorsApi.update, savedAs(doctor));
    await user.click(save());
    expect(await screen.findByText('The schedule and profile are saved.')).toBeVisible();
    expect(sent().map((call) => (call.body as UpdateDoctorBody).consultation_minutes)).toEqual([40, 40]);
  });
});
