import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authApi } from '@rozmova/contracts';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../lib/api-client.ts';
import { createApiDouble } from '../test/api-double.ts';
import { aUser } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { FormModal } from './form-modal.tsx';

/** A profile dialog as the cabinet has them: name and phone, saved by the profile call. */
function ProfileDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const form = useForm({
    initialValues: { user_name: 'Олена Коваль', phone: '' },
    validate: { user_name: (value) => (value.trim() ? null : 'Enter your name') },
  });
  const save = useMutation({ mutationFn: (body: { user_name: string; phone: string }) => call(authApi.updateProfile, { body }) });
  return (
    <FormModal
      title="Your details"
      intro={<p>We use them for your consultations.</p>}
      onClose={onClose}
      form={form}
      mutation={save}
      toVariables={(values) => values}
      onSuccess={onSaved}
      submitLabel="Save"
      cancel={{ label: 'Cancel', onClick: onClose }}
    >
      <TextInput label="Name" {...form.getInputProps('user_name')} />
      <TextInput label="Phone" {...form.getInputProps('phone')} />
    </FormModal>
  );
}

async function openDialog() {
  const api = createApiDouble();
  const onClose = vi.fn();
  const onSaved = vi.fn();
  await show(<ProfileDialog onClose={onClose} onSaved={onSaved} />, { api });
  const dialog = await screen.findByRole('dialog', { name: 'Your details' });
  return { api, onClose, onSaved, dialog };
}

describe('a dialog with one form', () => {
  it('checks the fields first and sends nothing until they pass', async () => {
    const { api, dialog } = await openDialog();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter your name');
    expect(api.callsTo(authApi.updateProfile)).toEqual([]);
  });

  it('sends the values, then closes after the server’s OK', async () => {
    const { api, dialog, onClose, onSaved } = await openDialog();
    api.on(authApi.updateProfile, { body: aUser('patient', { phone: '+380671234567' }) });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '067 123 45 67');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(api.callsTo(authApi.updateProfile).map((received) => received.body)).toEqual([
      { user_name: 'Олена Коваль', phone: '067 123 45 67' },
    ]);
  });

  it('puts a field the server refused on the field, in the app’s words, and stays open', async () => {
    const { api, dialog, onClose } = await openDialog();
    api.on(authApi.updateProfile, {
      status: 400,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Invalid body',
        errors: [{ path: 'body.phone', code: 'PHONE_FORMAT', message: 'Server words' }],
      },
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
        'Enter a Ukrainian number, e.g. 067 123 45 67, or another country’s with its + prefix',
      ),
    );
    // Named on its field, it is not repeated above the button.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows any other failure once above the buttons, and the button is busy meanwhile', async () => {
    const { api, dialog, onClose } = await openDialog();
    let answer: () => void = () => {};
    api.on(
      authApi.updateProfile,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } });
        }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true'));
    answer();
    expect(await within(dialog).findAllByRole('alert')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on cancel without sending', async () => {
    const { api, dialog, onClose } = await openDialog();
    expect(dialog).toHaveTextContent('We use them for your consultations.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo(authApi.updateProfile)).toEqual([]);
  });
});
