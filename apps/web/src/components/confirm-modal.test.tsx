import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { show } from '../test/render.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

function ask(overrides: Partial<Parameters<typeof ConfirmModal>[0]> = {}) {
  const props = {
    title: 'Cancel the consultation?',
    text: 'The patient will get a letter.',
    confirmLabel: 'Cancel it',
    cancelLabel: 'Keep it',
    onConfirm: vi.fn(),
    onClose: vi.fn(),
    pending: false,
    error: null as unknown,
    ...overrides,
  };
  return props;
}

describe('a confirmation question', () => {
  it('asks under its title, with keep and confirm at the end, in that order', async () => {
    const props = ask();
    await show(<ConfirmModal {...props} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the consultation?' });
    expect(dialog).toHaveTextContent('The patient will get a letter.');
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons.slice(-2)).toEqual(['Keep it', 'Cancel it']);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('confirms with its button and does not close by itself', async () => {
    const props = ask();
    await show(<ConfirmModal {...props} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel it' }));
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('closes from the keep button and from Escape, without confirming', async () => {
    const props = ask();
    const user = userEvent.setup();
    await show(<ConfirmModal {...props} />);
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    await user.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledTimes(2);
    expect(props.onConfirm).not.toHaveBeenCalled();
  });

  it('starts on the keep button for what cannot be undone', async () => {
    await show(<ConfirmModal {...ask({ focusCancel: true, confirmColor: 'danger' })} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
  });

  it('shows the request under way and takes no second confirmation', async () => {
    const props = ask({ pending: true });
    await show(<ConfirmModal {...props} />);
    const confirm = await screen.findByRole('button', { name: 'Cancel it' });
    expect(confirm).toHaveAttribute('data-loading', 'true');
    await userEvent.click(confirm);
    expect(props.onConfirm).not.toHaveBeenCalled();
  });

  it('shows a failed try as a translated text', async () => {
    const error = new ApiError(409, { code: 'APPOINTMENT_ALREADY_STARTED', message: 'The consultation has already started' });
    await show(<ConfirmModal {...ask({ error })} />, { locale: 'uk' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert).not.toHaveTextContent('The consultation has already started');
  });
});
