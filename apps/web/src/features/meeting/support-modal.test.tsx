import { meetingsApi } from '@rozmova/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { SupportModal } from './support-modal.tsx';

const details = () => ({ browser: 'Chrome 140', connectionState: 'connected', roundTripMs: 42, audioOnly: false });

describe('reporting a problem from the call', () => {
  it('sends the trimmed words with the call state, then says the operators have it', async () => {
    const api = createApiDouble();
    api.on(meetingsApi.report, { status: 201, body: { id: 'r1', createdAt: '2026-11-27T10:00:00.000Z' } });
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
});
