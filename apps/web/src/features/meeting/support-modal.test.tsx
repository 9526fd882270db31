import { MEETING_REPORT_MESSAGE_MAX, meetingsApi } from '@rozmova/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiDouble, type Answer } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { SupportModal } from './support-modal.tsx';

const details = () => ({ browser: 'Chrome 140', connectionState: 'connected', roundTripMs: 42, audioOnly: false });
const created = { status: 201, body: { id: 'r1', createdAt: '2026-11-27T10:00:00.000Z' } } as const;

describe('reporting a problem from the call', { timeout: 20_000 }, () => {
  it('sends the trimmed words with the call state, then says the operators have it', async () => {
    const api = createApiDouble();
    api.on(meetingsApi.report, created);
    await show(<SupportModal roomId="room-1" details={details} onClose={() => {}} />, { api });
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: '  No sound from the doctor  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, we have your report');
    expect(api.callsTo(meetingsApi.report, { id: 'room-1' }).map((call) => call.body)).toEqual([
      { message: 'No sound from the doctor', details: details() },
    ]);
  });

  it('asks for the words instead of sending an empty report', async () => {
    const api = createApiDouble();
    await show(<SupportModal roomId="room-1" details={details} onClose={() => {}} />, { api, locale: 'uk' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Надіслати повідомлення' }));
    expect(await screen.findByText('Опишіть проблему кількома словами')).toBeTruthy();
    expect(api.callsTo(meetingsApi.report)).toEqual([]);
  });

  it('keeps the words and shows the reason when the server refuses', async () => {
    const api = createApiDouble();
    api.on(meetingsApi.report, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    const onClose = vi.fn();
    await show(<SupportModal roomId="room-1" details={details} onClose={onClose} />, { api });
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'Video freezes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(screen.getByLabelText('What happened?')).toHaveProperty('value', 'Video freezes');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the refusal in words and sends again on the next click', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(meetingsApi.report, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    await show(<SupportModal roomId="room-1" details={details} onClose={() => {}} />, { api });
    await user.type(screen.getByLabelText('What happened?'), 'Echo on my side');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');

    api.on(meetingsApi.report, created);
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('status')).toHaveTextContent("The service's operators have received it");
    expect(api.callsTo(meetingsApi.report).map((call) => (call.body as { message: string }).message)).toEqual([
      'Echo on my side',
      'Echo on my side',
    ]);
  });

  it('shows the send button as busy while the report is on its way, and sends it once', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    let answer: (value: Answer<typeof meetingsApi.report>) => void = () => {};
    api.on(meetingsApi.report, () => new Promise((resolve) => (answer = resolve)));
    await show(<SupportModal roomId="room-1" details={details} onClose={() => {}} />, { api });
    await user.type(screen.getByLabelText('What happened?'), 'The picture is black');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    const send = screen.getByRole('button', { name: 'Send the report' });
    await waitFor(() => expect(send).toHaveAttribute('data-loading', 'true'));
    expect(send).toBeDisabled();
    await user.click(send);
    answer(created);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you, we have your report');
    expect(api.callsTo(meetingsApi.report)).toHaveLength(1);
  });

  it('takes at most the contract’s number of characters', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(meetingsApi.report, created);
    await show(<SupportModal roomId="room-1" details={details} onClose={() => {}} />, { api });
    const field = screen.getByLabelText('What happened?');
    await user.click(field);
    await user.paste('a'.repeat(MEETING_REPORT_MESSAGE_MAX + 25));
    expect(field).toHaveProperty('value', 'a'.repeat(MEETING_REPORT_MESSAGE_MAX));
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    await screen.findByRole('status');
    expect((api.callsTo(meetingsApi.report)[0]!.body as { message: string }).message).toHaveLength(MEETING_REPORT_MESSAGE_MAX);
  });

  it('reads the call state when the report is sent, not when the dialog opened', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(meetingsApi.report, created);
    let state = 'connecting';
    await show(<SupportModal roomId="room-1" details={() => ({ connectionState: state })} onClose={() => {}} />, { api });
    state = 'failed';
    await user.type(screen.getByLabelText('What happened?'), 'It dropped');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    await screen.findByRole('status');
    expect(api.callsTo(meetingsApi.report)[0]!.body).toEqual({ message: 'It dropped', details: { connectionState: 'failed' } });
  });

  it('closes without sending on Cancel, and with Close after the thank-you', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(meetingsApi.report, created);
    const onClose = vi.fn();
    await show(<SupportModal roomId="room-1" details={details} onClose={onClose} />, { api });
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    expect(dialog).toHaveTextContent('Never sound or video.');
    await user.type(within(dialog).getByLabelText('What happened?'), 'Never mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.callsTo(meetingsApi.report)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('marks typed words as unsent until the server has them', async () => {
    const user = userEvent.setup();
    const api = createApiDouble();
    api.on(meetingsApi.report, created);
    await show(<SupportModal roomId="room-1" details={details} onClose={() => {}} />, { api });
    const form = () => screen.getByLabelText('What happened?').closest('form');
    expect(form()).not.toHaveAttribute('data-unsaved');
    await user.type(screen.getByLabelText('What happened?'), 'Lag');
    expect(form()).toHaveAttribute('data-unsaved');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    await screen.findByRole('status');
    expect(document.querySelector('form[data-unsaved]')).toBeNull();
  });
});
