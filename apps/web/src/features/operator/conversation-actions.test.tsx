import { notifications } from '@mantine/notifications';
import { supportApi, type ConversationState, type Operator, type Patient } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { AvailabilitySwitch } from './availability-switch.tsx';
import { ConversationActions } from './conversation-actions.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const patient = (overrides: Partial<Patient> = {}): Patient => ({
  id: 'pat-1',
  user_id: 'u-1',
  user_name: 'Sofiia Bondar',
  email: 'sofiia@rozmova.test',
  phone: null,
  chat_patient_status: 'new',
  interacting_with_operator: null,
  patient_cardId: 'card-1',
  created_at: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

const state = (overrides: Partial<ConversationState> = {}): ConversationState => ({
  patientId: 'pat-1',
  chat_patient_status: 'active',
  interacting_with_operator: 'op-1',
  operator_name: 'Iryna Shevchuk',
  ...overrides,
});

async function showActions(record: Patient, { api = createApiDouble(), isAdmin = false, locale = 'en' as 'en' | 'uk' } = {}) {
  await show(
    <>
      <ConversationActions patient={record} userId="op-1" isAdmin={isAdmin} />
      <Toasts />
    </>,
    { api, locale },
  );
  return api;
}

const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('the conversation’s actions', () => {
  it('offers Claim, Close and Transfer for a conversation nobody holds', async () => {
    await showActions(patient());
    expect(buttonNames()).toEqual(['Claim', 'Close', 'Transfer']);
  });

  it('offers Close and Transfer, not Claim, for the operator’s own conversation', async () => {
    await showActions(patient({ interacting_with_operator: 'op-1', chat_patient_status: 'active' }));
    expect(buttonNames()).toEqual(['Close', 'Transfer']);
  });

  it('offers nothing on a colleague’s conversation, except to an admin', async () => {
    const { unmount } = await show(
      <ConversationActions patient={patient({ interacting_with_operator: 'op-2' })} userId="op-1" isAdmin={false} />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    await showActions(patient({ interacting_with_operator: 'op-2' }), { isAdmin: true });
    expect(buttonNames()).toEqual(['Close', 'Transfer']);
  });

  it('offers only Reopen on a closed conversation', async () => {
    await showActions(patient({ chat_patient_status: 'closed', interacting_with_operator: 'op-1' }));
    expect(buttonNames()).toEqual(['Reopen']);
  });

  it('claims the conversation and says so', async () => {
    const api = createApiDouble();
    api.on(supportApi.claim, { body: state() });
    await showActions(patient(), { api });
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('You hold the conversation with Sofiia Bondar now.')).toBeInTheDocument();
    expect(api.callsTo(supportApi.claim, { id: 'pat-1' })[0]!.method).toBe('POST');
  });

  it('says who was first when the claim is refused', async () => {
    const api = createApiDouble();
    api.on(supportApi.claim, { status: 409, error: { code: 'CONVERSATION_HELD', message: 'Held' } });
    await showActions(patient(), { api });
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Another operator has just taken this conversation. The list is updated.')).toBeInTheDocument();
  });

  it('closes and reopens a conversation', async () => {
    const api = createApiDouble();
    api.on(supportApi.close, { body: state({ chat_patient_status: 'closed' }) });
    api.on(supportApi.reopen, { body: state() });
    const { unmount } = await show(
      <>
        <ConversationActions patient={patient({ interacting_with_operator: 'op-1' })} userId="op-1" isAdmin={false} />
        <Toasts />
      </>,
      { api },
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('The conversation with Sofiia Bondar is closed.')).toBeInTheDocument();
    unmount();
    notifications.clean();
    await showActions(patient({ chat_patient_status: 'closed' }), { api });
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('The conversation with Sofiia Bondar is open again.')).toBeInTheDocument();
    expect(api.callsTo(supportApi.close)).toHaveLength(1);
    expect(api.callsTo(supportApi.reopen)).toHaveLength(1);
  });

  it('shows the button as busy while the claim is on its way', async () => {
    const api = createApiDouble();
    let answer: (value: { body: ConversationState }) => void = () => {};
    api.on(supportApi.claim, () => new Promise((resolve) => (answer = resolve)));
    await showActions(patient(), { api });
    const claim = screen.getByRole('button', { name: 'Claim' });
    await user.click(claim);
    await waitFor(() => expect(claim).toBeDisabled());
    answer({ body: state() });
    await waitFor(() => expect(claim).toBeEnabled());
  });

  it('opens the transfer dialog', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { body: { operators: [] } });
    await showActions(patient({ interacting_with_operator: 'op-1' }), { api });
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Transfer the conversation' })).toBeInTheDocument();
  });

  it('reads in Ukrainian', async () => {
    await showActions(patient(), { locale: 'uk' });
    expect(buttonNames()).toEqual(['Взяти', 'Закрити', 'Передати']);
  });
});

const operators: Operator[] = [
  { id: 'op-1', user_name: 'Iryna Shevchuk', availability: 'online' },
  { id: 'op-2', user_name: 'Andrii Kravets', availability: 'busy' },
];

async function showSwitch(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <AvailabilitySwitch userId="op-1" />
      <Toasts />
    </>,
    { api, locale },
  );
  return screen.findByRole('radiogroup', { name: locale === 'en' ? 'My status' : 'Мій статус' });
}

describe('the operator’s own availability', () => {
  it('shows the operator’s own status among Online, Busy and Offline', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { body: { operators } });
    const group = await showSwitch(api);
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Online' })).toBeChecked());
    for (const name of ['Busy', 'Offline']) expect(within(group).getByRole('radio', { name })).not.toBeChecked();
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
  });

  it('sends the new status and keeps it chosen', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { body: { operators } });
    api.on(supportApi.setAvailability, { body: { id: 'op-1', user_name: 'Iryna Shevchuk', availability: 'busy' } });
    const group = await showSwitch(api);
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Online' })).toBeChecked());
    await user.click(within(group).getByRole('radio', { name: 'Busy' }));
    await waitFor(() => expect(api.callsTo(supportApi.setAvailability)).toHaveLength(1));
    expect(api.callsTo(supportApi.setAvailability)[0]).toMatchObject({ method: 'PUT', body: { availability: 'busy' } });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Busy' })).toBeChecked());
  });

  it('goes back to the status the server holds and says why when the change is refused', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { body: { operators } });
    api.on(supportApi.setAvailability, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } });
    const group = await showSwitch(api);
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Online' })).toBeChecked());
    await user.click(within(group).getByRole('radio', { name: 'Offline' }));
    expect(await screen.findByText('The service is temporarily unavailable. Please try again later')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Online' })).toBeChecked());
  });

  it('cannot be changed before the operator’s own status is known', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    const group = await showSwitch(api);
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it('reads in Ukrainian', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { body: { operators } });
    const group = await showSwitch(api, 'uk');
    expect(within(group).getByRole('radio', { name: 'Зайнято' })).toBeInTheDocument();
  });
});
