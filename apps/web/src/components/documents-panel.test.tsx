import { notifications } from '@mantine/notifications';
import { documentsApi, type UserReference } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiDouble } from '../test/api-double.ts';
import { show } from '../test/render.tsx';
import { DocumentsPanel, PatientDocumentsPanel } from './documents-panel.tsx';
import Toasts from './toasts.tsx';

afterEach(() => notifications.clean());

const reference = (overrides: Partial<UserReference> = {}): UserReference => ({
  id: 'ref-1',
  file: encodeURIComponent('Аналіз крові.pdf'),
  patient_id: 'patient-1',
  status: 'new',
  content_type: 'application/pdf',
  size: 2.5 * 1024 * 1024,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

function myDocuments(references: UserReference[], count = references.length) {
  const api = createApiDouble();
  api.on(documentsApi.listMine, { body: { userReferences: references, count } });
  return api;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('my documents', () => {
  it('lists each document with its readable name, the day it was added and its size', async () => {
    const api = myDocuments([reference(), reference({ id: 'ref-2', file: 'scan.png', content_type: 'image/png', size: 3000 })]);
    await show(<DocumentsPanel />, { api });
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Аналіз крові.pdf');
    expect(rows[0]).toHaveTextContent('Added 20.11.26 · 2.5 MB');
    expect(rows[1]).toHaveTextContent('Added 20.11.26 · 3 KB');
    expect(within(rows[0]!).getByRole('button', { name: 'Open Аналіз крові.pdf' })).toBeEnabled();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete scan.png' })).toBeEnabled();
  });

  it('says so when there is none yet, in Ukrainian too', async () => {
    await show(<DocumentsPanel />, { api: myDocuments([]), locale: 'uk' });
    expect(await screen.findByText('У вас ще немає документів.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Мої документи' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обрати файл для завантаження' })).toBeEnabled();
  });

  it('shows the reason when the list cannot be read', async () => {
    const api = createApiDouble();
    api.on(documentsApi.listMine, { status: 500, error: { code: 'INTERNAL_ERROR', message: 'Boom' } });
    await show(<DocumentsPanel />, { api });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('deletes a document only after the question is confirmed, and drops it from the list', async () => {
    const api = myDocuments([reference(), reference({ id: 'ref-2', file: 'scan.png' })]);
    api.on(documentsApi.removeMine, { status: 204 });
    const user = userEvent.setup();
    await show(
      <>
        <Toasts />
        <DocumentsPanel />
      </>,
      { api },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Аналіз крові.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(dialog).toHaveTextContent('“Аналіз крові.pdf” will be deleted for good.');
    // What cannot be undone starts on the safe button.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(api.callsTo(documentsApi.removeMine)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete document' }));
    expect(await screen.findByText('Аналіз крові.pdf has been deleted.')).toBeInTheDocument();
    expect(api.callsTo(documentsApi.removeMine, { id: 'ref-1' })).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('list')).not.toHaveTextContent('Аналіз крові.pdf');
  });

  it('keeps the document when the question is cancelled', async () => {
    const api = myDocuments([reference()]);
    const user = userEvent.setup();
    await show(<DocumentsPanel />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete Аналіз крові.pdf' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(documentsApi.removeMine)).toEqual([]);
    expect(screen.getByRole('listitem')).toHaveTextContent('Аналіз крові.pdf');
  });

  it('shows the failure in the question and keeps it open when the server refuses', async () => {
    const api = myDocuments([reference()]);
    api.on(documentsApi.removeMine, { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } });
    const user = userEvent.setup();
    await show(<DocumentsPanel />, { api });
    await user.click(await screen.findByRole('button', { name: 'Delete Аналіз крові.pdf' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete document' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses a file over 20 MB before sending it, with the reason', async () => {
    const api = myDocuments([]);
    const user = userEvent.setup({ applyAccept: false });
    await show(<DocumentsPanel />, { api });
    await screen.findByText('You have no documents yet.');
    const large = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), large);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large');
    expect(screen.queryByRole('status', { name: /Uploading/ })).not.toBeInTheDocument();
    expect(api.callsTo(documentsApi.upload)).toEqual([]);
  });

  it('refuses a file of a type it does not take, with the reason in Ukrainian', async () => {
    const api = myDocuments([]);
    const user = userEvent.setup({ applyAccept: false });
    await show(<DocumentsPanel />, { api, locale: 'uk' });
    await screen.findByText('У вас ще немає документів.');
    await user.upload(fileInput(), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Такий тип файлу не підтримується');
  });

  it('offers the file chooser for documents only', async () => {
    await show(<DocumentsPanel />, { api: myDocuments([]) });
    await screen.findByText('You have no documents yet.');
    expect(fileInput().accept.split(',')).toEqual(expect.arrayContaining(['application/pdf', 'image/jpeg', '.heic']));
  });

  it('stops uploads at the limit and says why', async () => {
    await show(<DocumentsPanel />, { api: myDocuments([reference()], 100) });
    expect(await screen.findByText('You have reached the limit of 100 documents. Delete one to upload another.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file to upload' })).toBeDisabled();
  });
});

describe("a patient's documents as their doctor sees them", () => {
  it('shows each status and marks a new document reviewed', async () => {
    const api = createApiDouble();
    const references = [reference(), reference({ id: 'ref-2', file: 'scan.png', status: 'reviewed' })];
    api.on(documentsApi.ofPatient, { body: { userReferences: references, count: 2 } });
    api.on(documentsApi.setStatus, ({ body }) => ({
      body: { userReference: { ...references[0]!, status: (body as { status: 'new' | 'reviewed' }).status } },
    }));
    const user = userEvent.setup();
    await show(<PatientDocumentsPanel patientId="patient-1" />, { api });
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('· New');
    expect(rows[1]).toHaveTextContent('· Reviewed');
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Mark scan.png as new' })).toBeEnabled();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Mark Аналіз крові.pdf reviewed' }));
    await waitFor(() =>
      expect(api.callsTo(documentsApi.setStatus, { id: 'ref-1' }).map((call) => call.body)).toEqual([{ status: 'reviewed' }]),
    );
    // The list is read again after the change.
    await waitFor(() => expect(api.callsTo(documentsApi.ofPatient, { id: 'patient-1' })).toHaveLength(2));
  });

  it('says when the patient has none', async () => {
    const api = createApiDouble();
    api.on(documentsApi.ofPatient, { body: { userReferences: [], count: 0 } });
    await show(<PatientDocumentsPanel patientId="patient-1" />, { api, locale: 'uk' });
    expect(await screen.findByText('Пацієнт ще не завантажив жодного документа.')).toBeInTheDocument();
  });
});
