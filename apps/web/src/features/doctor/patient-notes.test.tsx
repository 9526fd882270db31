import { DOCTOR_NOTE_MAX, patientNotesApi, type DoctorNote } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiDouble, type Answer, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { PatientNotes } from './patient-notes.tsx';
import { doctorAccount } from './test-data.ts';

const note = (overrides: Partial<DoctorNote> = {}): DoctorNote => ({
  id: 'n1',
  patient_id: 'patient-1',
  author_id: 'doctor-2',
  author_name: 'Taras Bondar',
  text: 'Sleeps badly since October.\nFollow up in two weeks.',
  created_at: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

async function openNotes(notes: DoctorNote[], { canWrite = true, locale = 'en' as 'en' | 'uk', api = createApiDouble() } = {}) {
  api.on(patientNotesApi.list, { body: { notes } });
  await show(<PatientNotes patientId="patient-1" canWrite={canWrite} />, { api, user: doctorAccount, locale });
  return api;
}

const added = (api: ApiDouble) => api.callsTo(patientNotesApi.create, { id: 'patient-1' }).map((call) => call.body);

describe('the doctors’ notes on a patient', { timeout: 20_000 }, () => {
  it('lists the notes with their author and date, and says the patient never sees them', async () => {
    await openNotes([note(), note({ id: 'n2', author_id: null, author_name: null, text: 'First visit.' })]);
    const section = screen.getByRole('region', { name: "Doctors' notes" });
    expect(section).toHaveTextContent('The patient never sees them');
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Taras Bondar, 2 November/);
    expect(items[0]).toHaveTextContent('Sleeps badly since October.');
    expect(items[1]).toHaveTextContent(/^A former doctor, /);
  });

  it('says when there are none yet', async () => {
    await openNotes([]);
    expect(await screen.findByText('No notes yet.')).toBeVisible();
  });

  it('adds a note at the top of the list and empties the field', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(patientNotesApi.create, (call) => ({
      status: 201,
      body: note({ id: 'n9', author_name: 'Iryna Koval', author_id: doctorAccount.id, text: (call.body as { text: string }).text }),
    }));
    await openNotes([note()], { api });
    await screen.findByText(/Sleeps badly/);
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Better sleep after the exercises.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Better sleep after the exercises.');
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('');
    expect(added(api)).toEqual([{ text: 'Better sleep after the exercises.' }]);
    expect(api.callsTo(patientNotesApi.create)[0]).toMatchObject({ method: 'POST', path: '/v1/patients/patient-1/notes' });
  });

  it('asks for words before adding an empty note', async () => {
    const user = userEvent.setup();
    const api = await openNotes([]);
    await user.type(screen.getByRole('textbox', { name: 'New note' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note first.')).toBeVisible();
    expect(added(api)).toEqual([]);
  });

  it('keeps the note and shows the reason when the server refuses it', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(patientNotesApi.create, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    await openNotes([], { api });
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Panic attacks twice a week.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('Panic attacks twice a week.');
    expect(screen.getByText('No notes yet.')).toBeVisible();
  });

  it('shows Add note as busy while the note is on its way', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    let answer: (value: Answer<typeof patientNotesApi.create>) => void = () => {};
    api.on(patientNotesApi.create, () => new Promise((resolve) => (answer = resolve)));
    await openNotes([], { api });
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Calm today.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add note' })).toHaveAttribute('data-loading', 'true'));
    answer({ status: 201, body: note({ text: 'Calm today.' }) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add note' })).not.toHaveAttribute('data-loading'));
    expect(added(api)).toHaveLength(1);
  });

  it('takes at most the contract’s number of characters', async () => {
    const user = userEvent.setup();
    await openNotes([]);
    const field = screen.getByRole('textbox', { name: 'New note' });
    await user.click(field);
    await user.paste('n'.repeat(DOCTOR_NOTE_MAX + 10));
    expect((field as HTMLTextAreaElement).value).toHaveLength(DOCTOR_NOTE_MAX);
  });

  it('shows an admin the notes without the form', async () => {
    await openNotes([note()], { canWrite: false });
    expect(await screen.findByText(/Sleeps badly/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('says when the notes could not be read', async () => {
    const api = createApiDouble();
    api.on(patientNotesApi.list, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    await show(<PatientNotes patientId="patient-1" canWrite />, { api, user: doctorAccount });
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('speaks Ukrainian', async () => {
    const user = userEvent.setup();
    const api = await openNotes([], { locale: 'uk' });
    await user.click(screen.getByRole('button', { name: 'Додати нотатку' }));
    expect(await screen.findByText('Спершу напишіть нотатку.')).toBeVisible();
    expect(added(api)).toEqual([]);
  });
});
