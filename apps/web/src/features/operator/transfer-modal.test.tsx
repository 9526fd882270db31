import { notifications } from '@mantine/notifications';
import { supportApi, type ConversationState, type Operator } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { TransferModal } from './transfer-modal.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const me: Operator = { id: 'op-1', user_name: 'Iryna Shevchuk', availability: 'online' };
const colleague: Operator = { id: 'op-2', user_name: 'Andrii Kravets', availability: 'busy' };
const admin: Operator = { id: 'adm-1', user_name: 'Olha Admin', availability: 'offline' };

const transferred: ConversationState = {
  patientId: 'pat-1',
  chat_patient_status: 'active',
  interacting_with_operator: 'op-2',
  operator_name: 'Andrii Kravets',
};

function withOperators(operators: Operator[]): ApiDouble {
  const api = createApiDouble();
  api.on(supportApi.operators, { body: { operators } });
  return api;
}

async function openTransfer(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const onClose = vi.fn();
  await show(
    <>
      <TransferModal patientId="pat-1" patientName="Sofiia Bondar" holderId="op-1" onClose={onClose} />
      <Toasts />
    </>,
    { api, locale },
  );
  return { onClose };
}

/** The dialog with its form: it replaces the one that waits for the list of colleagues. */
async function openForm(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  const { onClose } = await openTransfer(api, locale);
  await screen.findByRole('radiogroup');
  return { dialog: screen.getByRole('dialog'), onClose };
}

describe('transferring a conversation', () => {
  it('offers everyone but the holder, each with their availability', async () => {
    const { dialog } = await openForm(withOperators([me, colleague, admin]));
    const group = await within(dialog).findByRole('radiogroup', { name: 'Transfer to' });
    const choices = within(group).getAllByRole('radio');
    expect(choices).toHaveLength(2);
    expect(within(group).getByRole('radio', { name: /Andrii Kravets/ })).toBeInTheDocument();
    expect(group).toHaveTextContent('Busy');
    expect(group).toHaveTextContent('Offline');
    expect(within(group).queryByRole('radio', { name: /Iryna Shevchuk/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Another operator or an admin takes over the conversation with Sofiia Bondar.');
  });

  it('sends the chosen colleague and the trimmed note, then says it is done', async () => {
    const api = withOperators([me, colleague, admin]);
    api.on(supportApi.transfer, { body: transferred });
    const { dialog, onClose } = await openForm(api);
    await user.click(await within(dialog).findByRole('radio', { name: /Andrii Kravets/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note for your colleague' }), '  Asks about a refund.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('The conversation with Sofiia Bondar is transferred.')).toBeInTheDocument();
    const [sent] = api.callsTo(supportApi.transfer, { id: 'pat-1' });
    expect(sent).toMatchObject({ method: 'POST', body: { operatorId: 'op-2', note: 'Asks about a refund.' } });
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves an empty note out of the request', async () => {
    const api = withOperators([me, admin]);
    api.on(supportApi.transfer, { body: { ...transferred, interacting_with_operator: 'adm-1' } });
    const { dialog } = await openForm(api);
    await user.click(await within(dialog).findByRole('radio', { name: /Olha Admin/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note for your colleague' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(api.callsTo(supportApi.transfer)).toHaveLength(1));
    expect(api.callsTo(supportApi.transfer)[0]!.body).toEqual({ operatorId: 'adm-1' });
  });

  it('asks who takes it over before sending', async () => {
    const api = withOperators([me, colleague]);
    const { dialog } = await openForm(api);
    await user.click(await within(dialog).findByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Choose who takes it over')).toBeInTheDocument();
    expect(api.callsTo(supportApi.transfer)).toEqual([]);
  });

  it('takes no more than 1000 characters of a note', async () => {
    const { dialog } = await openForm(withOperators([me, colleague]));
    const note = await within(dialog).findByRole('textbox', { name: 'Note for your colleague' });
    await user.click(note);
    await user.paste('n'.repeat(1050));
    expect(note).toHaveValue('n'.repeat(1000));
  });

  it('keeps the choice and the note and says why when someone else was first', async () => {
    const api = withOperators([me, colleague]);
    api.on(supportApi.transfer, { status: 409, error: { code: 'CONVERSATION_HELD', message: 'Held' } });
    const { dialog, onClose } = await openForm(api);
    await user.click(await within(dialog).findByRole('radio', { name: /Andrii Kravets/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note for your colleague' }), 'Refund');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another operator has just taken this conversation.');
    expect(within(dialog).getByRole('radio', { name: /Andrii Kravets/ })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Note for your colleague' })).toHaveValue('Refund');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the transfer button as busy while sending', async () => {
    const api = withOperators([me, colleague]);
    let answer: (value: { body: ConversationState }) => void = () => {};
    api.on(supportApi.transfer, () => new Promise((resolve) => (answer = resolve)));
    const { dialog } = await openForm(api);
    await user.click(await within(dialog).findByRole('radio', { name: /Andrii Kravets/ }));
    const submit = within(dialog).getByRole('button', { name: 'Transfer' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    answer({ body: transferred });
    expect(await screen.findByText('The conversation with Sofiia Bondar is transferred.')).toBeInTheDocument();
  });

  it('says there is no one to transfer to instead of an empty choice', async () => {
    const { onClose } = await openTransfer(withOperators([me]));
    expect(await screen.findByText('No other operator or admin is available.')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows why the colleagues cannot be read', async () => {
    const api = createApiDouble();
    api.on(supportApi.operators, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await openTransfer(api);
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });

  it('reads in Ukrainian', async () => {
    const { dialog } = await openForm(withOperators([me, colleague]), 'uk');
    expect(await within(dialog).findByRole('radiogroup', { name: 'Кому передати' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Передати' }));
    expect(await within(dialog).findByText('Виберіть, кому передати розмову')).toBeInTheDocument();
  });
});
