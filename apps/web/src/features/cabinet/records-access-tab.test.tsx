import { recordAccessApi, supportDeskApi, type RecordAccessDays, type RecordAccessGroup } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { RecordsAccessTab } from './records-access-tab.tsx';
import { RequestsTab } from './requests-tab.tsx';

/** Today in the zone the page asked for, as the server keys its days. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

const group = (overrides: Partial<RecordAccessGroup> = {}): RecordAccessGroup => ({
  id: 'entry-1',
  actor_name: 'Dr Ivan Ivanenko',
  actor_role: 'doctor',
  action: 'read',
  resource: 'patient_card',
  count: 1,
  first_at: new Date().toISOString(),
  last_at: new Date().toISOString(),
  times: [new Date().toISOString()],
  ...overrides,
});

/** Answers every page the same way: `days(timeZone)` for the zone the page asked in. */
async function open(api: ApiDouble, days: (timeZone: string) => RecordAccessDays['days'], totalDays?: number) {
  api.on(recordAccessApi.listDays, (call) => {
    const list = days(call.query.tz!);
    return { body: { days: list, total_days: totalDays ?? list.length, time_zone: call.query.tz! } };
  });
  await show(<RecordsAccessTab patientId="patient-1" />, { api, user: anAccount() });
  return userEvent.setup({ delay: null });
}

describe('who opened my records', formFlow, () => {
  it('explains the log and says when nobody has opened the records', async () => {
    const api = createApiDouble();
    await open(api, () => []);
    expect(await screen.findByText('Nobody from our team has opened your records yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write to us' })).toBeInTheDocument();
    const [call] = api.callsTo(recordAccessApi.listDays, { id: 'patient-1' });
    expect(call?.query).toEqual({ limit: '7', offset: '0', tz: expect.any(String) });
  });

  it("names today's day and each member of staff with what they did and how often", async () => {
    const api = createApiDouble();
    await open(api, (zone) => [
      {
        day: todayIn(zone),
        groups: [
          group(),
          group({ id: 'entry-2', actor_name: 'Oksana', actor_role: 'operator', action: 'list', resource: 'appointment', count: 4 }),
          group({ id: 'entry-3', actor_name: 'Admin', actor_role: 'admin', action: 'read', resource: 'something_new' }),
        ],
      },
    ]);
    const day = await screen.findByRole('region', { name: /^Today, / });
    const lines = within(day)
      .getAllByRole('listitem')
      .filter((item) => item.closest('ul')?.parentElement === day)
      .map((item) => item.querySelector('p')?.textContent);
    expect(lines).toEqual([
      'Doctor Dr Ivan Ivanenko — read your medical card: once',
      'Operator Oksana — looked at the list of your consultations: 4 times',
      'Administrator Admin — looked at your records: once',
    ]);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('folds the single times of a repeated access, with how many earlier ones are not listed', async () => {
    const api = createApiDouble();
    const times = ['2026-11-20T09:15:00.000Z', '2026-11-20T08:05:00.000Z'];
    const user = await open(api, () => [
      {
        day: '2026-11-20',
        groups: [group({ count: 5, first_at: '2026-11-20T07:00:00.000Z', last_at: times[0]!, times })],
      },
    ]);
    const toggle = await screen.findByRole('button', { name: 'Show the times' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('and 3 earlier')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the times' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('and 3 earlier')).toBeVisible();
  });

  it('offers no times to unfold for a single access', async () => {
    const api = createApiDouble();
    await open(api, () => [{ day: '2026-11-20', groups: [group()] }]);
    await screen.findByText(/read your medical card: once/);
    expect(screen.queryByRole('button', { name: 'Show the times' })).not.toBeInTheDocument();
  });

  it('pages through the days a week at a time', async () => {
    const api = createApiDouble();
    const user = await open(api, () => [{ day: '2026-11-20', groups: [group()] }], 9);
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.callsTo(recordAccessApi.listDays).map((call) => call.query.offset)).toEqual(['0', '7']));
  });

  it('shows why the log could not be read', async () => {
    const api = createApiDouble();
    api.on(recordAccessApi.listDays, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await show(<RecordsAccessTab patientId="patient-1" />, { api, user: anAccount() });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});

describe('my support requests', formFlow, () => {
  it('says when none were sent and offers a new one', async () => {
    const api = createApiDouble();
    api.on(supportDeskApi.listMine, { body: { requests: [] } });
    await show(<RequestsTab userId="user-1" />, { api, user: anAccount() });
    expect(await screen.findByText("You haven't sent any requests yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute('href', '/support');
  });

  it('shows why they could not be read', async () => {
    const api = createApiDouble();
    api.on(supportDeskApi.listMine, { status: 500, error: { code: 'INTERNAL', message: 'Internal' } });
    await show(<RequestsTab userId="user-1" />, { api, user: anAccount() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again later');
  });
});
