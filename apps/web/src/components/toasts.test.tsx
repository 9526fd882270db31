import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { show } from '../test/render.tsx';
import Toasts from './toasts.tsx';

afterEach(() => notifications.clean());

describe('toasts', () => {
  it('show a message with a close button that takes it away', async () => {
    await show(<Toasts />);
    act(() => void notifications.show({ title: 'Saved', message: 'Your profile has been saved.' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Saved');
    await userEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.queryByText('Your profile has been saved.')).not.toBeInTheDocument());
  });

  it('stack, newest last, until each is closed', async () => {
    await show(<Toasts />);
    act(() => {
      notifications.show({ message: 'First' });
      notifications.show({ message: 'Second' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(['First', 'Second']);
  });
});
