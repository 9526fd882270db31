import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { show } from '../../test/render.tsx';
import { CloseModal } from './close-modal.tsx';

async function open(role: 'patient' | 'doctor', locale: 'en' | 'uk' = 'en') {
  const handlers = { onStay: vi.fn(), onLeave: vi.fn(), onEnd: vi.fn() };
  await show(<CloseModal role={role} {...handlers} />, { locale });
  return { ...handlers, dialog: screen.getByRole('dialog') };
}

describe('leaving the call', () => {
  it('asks the patient whether to leave, saying they may come back', async () => {
    const { dialog } = await open('patient');
    expect(screen.getByRole('dialog', { name: 'Leave the consultation?' })).toBe(dialog);
    expect(dialog).toHaveTextContent('You can come back while the consultation is running');
    expect(
      within(dialog)
        .getAllByRole('button', { name: /Stay|Leave|End the consultation/ })
        .map((button) => button.textContent),
    ).toEqual(['Stay', 'Leave']);
  });

  it('starts on Stay, so Enter keeps the patient in the call', async () => {
    const user = userEvent.setup();
    const { dialog, onStay, onLeave } = await open('patient');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onStay).toHaveBeenCalledTimes(1);
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('leaves on Leave, and stays on Escape', async () => {
    const user = userEvent.setup();
    const { dialog, onStay, onLeave } = await open('patient');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onStay).toHaveBeenCalledTimes(1);
  });

  it('offers the doctor to end the consultation for both as well', async () => {
    const user = userEvent.setup();
    const { dialog, onEnd, onLeave } = await open('doctor');
    expect(screen.getByRole('dialog', { name: 'Leave or end the consultation' })).toBe(dialog);
    expect(dialog).toHaveTextContent('end the consultation for both of you with a note for the record');
    await user.click(within(dialog).getByRole('button', { name: 'End the consultation' }));
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('speaks Ukrainian to the doctor', async () => {
    const user = userEvent.setup();
    const { dialog, onLeave } = await open('doctor', 'uk');
    expect(screen.getByRole('dialog', { name: 'Вийти або завершити консультацію' })).toBe(dialog);
    expect(within(dialog).getByRole('button', { name: 'Залишитися' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Завершити консультацію' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Вийти' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});
