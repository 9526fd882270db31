import { auditApi, type AuditEntry } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { AuditSection } from './audit-section.tsx';

const user = userEvent.setup({ delay: null });

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'a1',
  actor_id: 'doc-1',
  actor_name: 'Taras Melnyk',
  actor_role: 'doctor',
  action: 'read',
  resource: 'patient_card',
  resource_id: 'card-1',
  patient_id: 'pat-1',
  patient_name: 'Sofiia Bondar',
  created_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

const read = entry();
const lookup = entry({
  id: 'a2',
  actor_id: 'op-1',
  actor_name: 'Iryna Shevchuk',
  actor_role: 'operator',
  action: 'lookup',
  resource: 'patient',
});
const removed = entry({ id: 'a3', action: 'update', resource: 'message', patient_id: 'pat-9', patient_name: '' });
const noPatient = entry({ id: 'a4', action: 'refund', resource: 'payment', patient_id: null, patient_name: null });
const newKind = entry({ id: 'a5', action: 'archive', resource: 'invoice' });

function withLog(entries: AuditEntry[], total = entries.length): ApiDouble {
  const api = createApiDouble();
  api.on(auditApi.list, { body: { entries, total } });
  return api;
}

async function openLog(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(<AuditSection />, { api, locale });
  return screen.findByRole('table');
}

const rowOf = (id: string, entries: AuditEntry[]) => screen.getAllByRole('row')[entries.findIndex((e) => e.id === id) + 1]!;
const lastQuery = (api: ApiDouble) => api.callsTo(auditApi.list).at(-1)!.query;

describe('the audit log', () => {
  it('shows who did what to whose data, captioned with how to filter', async () => {
    const entries = [read, lookup];
    const table = await openLog(withLog(entries));
    expect(table).toHaveAccessibleName("Select a name to see only that person's entries.");
    expect(screen.getByRole('region', { name: 'Audit log' })).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Who', 'Action', 'What', 'Patient']);
    expect(rowOf('a1', entries)).toHaveTextContent('Taras Melnyk (Doctor)');
    expect(rowOf('a1', entries)).toHaveTextContent('Opened');
    expect(rowOf('a1', entries)).toHaveTextContent('Patient card');
    expect(rowOf('a2', entries)).toHaveTextContent('Iryna Shevchuk (Operator)');
    expect(rowOf('a2', entries)).toHaveTextContent('Found in a search');
    expect(screen.getByRole('status')).toHaveTextContent('Found: 2');
  });

  it('names a removed account, a dash without a patient, and an unknown action by its code', async () => {
    const entries = [removed, noPatient, newKind];
    await openLog(withLog(entries));
    expect(within(rowOf('a3', entries)).getByRole('button', { name: 'Removed account' })).toBeInTheDocument();
    expect(within(rowOf('a4', entries)).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(within(rowOf('a4', entries)).getAllByRole('button')).toHaveLength(1);
    expect(rowOf('a5', entries)).toHaveTextContent('archive');
    expect(rowOf('a5', entries)).toHaveTextContent('invoice');
  });

  it('reads in Ukrainian', async () => {
    await openLog(withLog([read]), 'uk');
    expect(screen.getByRole('region', { name: 'Журнал доступу' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Дія' })).toBeInTheDocument();
    expect(screen.getByText('Знайдено: 1')).toBeInTheDocument();
  });

  it('shows why the log cannot be read', async () => {
    const api = createApiDouble();
    api.on(auditApi.list, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await show(<AuditSection />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });

  it('says so when there is nothing for the filters', async () => {
    await show(<AuditSection />, { api: withLog([]) });
    expect(await screen.findByText('Nothing to show.')).toBeInTheDocument();
    expect(screen.getByText('Found: 0')).toBeInTheDocument();
  });
});

describe('filtering the audit log', () => {
  it('filters by a staff member when their name is chosen, and stops when asked', async () => {
    const entries = [read, lookup];
    const api = withLog(entries);
    await openLog(api);
    await user.click(within(rowOf('a2', entries)).getByRole('button', { name: 'Iryna Shevchuk' }));
    expect(await screen.findByText('Staff member: Iryna Shevchuk')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toEqual({ actorId: 'op-1', limit: '20', offset: '0' }));
    await user.click(screen.getByRole('button', { name: 'Stop filtering by Iryna Shevchuk' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ limit: '20', offset: '0' }));
    expect(screen.queryByText('Staff member: Iryna Shevchuk')).not.toBeInTheDocument();
  });

  it('filters by a patient, and both filters can stand together', async () => {
    const entries = [read, lookup];
    const api = withLog(entries);
    await openLog(api);
    await user.click(within(rowOf('a1', entries)).getByRole('button', { name: 'Sofiia Bondar' }));
    await user.click(within(rowOf('a1', entries)).getByRole('button', { name: 'Taras Melnyk' }));
    expect(await screen.findByText('Patient: Sofiia Bondar')).toBeInTheDocument();
    expect(screen.getByText('Staff member: Taras Melnyk')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ actorId: 'doc-1', patientId: 'pat-1' }));
  });

  it('sends the action and the days, starting again at the first page', async () => {
    const api = withLog([read], 50);
    await openLog(api);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(api).offset).toBe('40'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Changed');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-15');
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ action: 'update', from: '2026-11-01', to: '2026-11-15', limit: '20', offset: '0' }),
    );
  });
});

describe('exporting the log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the filtered log as audit-log.csv', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = withLog([read]);
    api.on(auditApi.exportCsv, { body: 'when,who\n' as never });
    await openLog(api);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Opened');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-log.csv']));
    expect(api.callsTo(auditApi.exportCsv).map((call) => call.query)).toEqual([{ action: 'read' }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the export failed and lets the admin try again', async () => {
    const api = withLog([read]);
    api.on(auditApi.exportCsv, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
    await openLog(api);
    const button = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(api.callsTo(auditApi.exportCsv)).toHaveLength(2));
  });
});
