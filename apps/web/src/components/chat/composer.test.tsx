import { documentsApi } from '@rozmova/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput } from '../../lib/reload-guard.ts';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { Composer } from './composer.tsx';
import { MessageStatus } from './message-status.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

// jsdom lays nothing out, so Mantine hides an open menu's dropdown (its button seems off screen): queried with `hidden`.
const hidden = true;

function chat() {
  return { send: vi.fn(), typed: vi.fn() };
}

async function openComposer({ attachDocuments = false, locale = 'en' as 'en' | 'uk' } = {}) {
  const api = createApiDouble();
  const conversation = chat();
  await show(<Composer chat={conversation} attachDocuments={attachDocuments} />, { api, locale });
  return { api, conversation, field: screen.getByRole('textbox') };
}

describe('writing a message', () => {
  it('sends the trimmed text with Enter and empties the field', async () => {
    const user = userEvent.setup();
    const { conversation, field } = await openComposer();
    expect(field).toHaveAccessibleName('Message');
    expect(field).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line.');
    await user.type(field, '  Доброго дня!  {Enter}');
    expect(conversation.send).toHaveBeenCalledWith('Доброго дня!', null);
    expect(field).toHaveValue('');
  });

  it('starts a new line with Shift+Enter and sends both lines with the button', async () => {
    const user = userEvent.setup();
    const { conversation, field } = await openComposer();
    await user.type(field, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(conversation.send).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(conversation.send).toHaveBeenCalledWith('First line\nSecond line', null);
  });

  it('sends nothing empty: the button waits for text, Enter does nothing', async () => {
    const user = userEvent.setup();
    const { conversation, field } = await openComposer();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(field, '   {Enter}');
    expect(conversation.send).not.toHaveBeenCalled();
    expect(conversation.typed).not.toHaveBeenCalled();
  });

  it('tells the other side it is typing, and holds the page while a message is unsent', async () => {
    const user = userEvent.setup();
    const { conversation, field } = await openComposer();
    await user.type(field, 'Hi');
    expect(conversation.typed).toHaveBeenCalledTimes(2);
    expect(hasUnsavedInput()).toBe(true);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(hasUnsavedInput()).toBe(false));
  });

  it('attaches one of the patient’s documents; a document alone goes under its name', async () => {
    const user = userEvent.setup();
    const { api, conversation } = await openComposer({ attachDocuments: true });
    api.on(documentsApi.listMine, {
      body: {
        count: 1,
        userReferences: [
          {
            id: 'ref-1',
            file: encodeURIComponent('Аналіз крові.pdf'),
            patient_id: 'patient-1',
            status: 'new',
            content_type: 'application/pdf',
            size: 1000,
            createdAt: '2026-11-20T12:00:00.000Z',
            updatedAt: '2026-11-20T12:00:00.000Z',
          },
        ],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Attach a document' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Аналіз крові.pdf', hidden }));
    expect(screen.getByText('Attached: Аналіз крові.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(conversation.send).toHaveBeenCalledWith('Аналіз крові.pdf', { id: 'ref-1', name: 'Аналіз крові.pdf' });
    expect(screen.queryByText(/^Attached:/)).not.toBeInTheDocument();
  });

  it('says when there are no documents to attach, in Ukrainian', async () => {
    const user = userEvent.setup();
    const { api } = await openComposer({ attachDocuments: true, locale: 'uk' });
    api.on(documentsApi.listMine, { body: { count: 0, userReferences: [] } });
    await user.click(screen.getByRole('button', { name: 'Додати документ' }));
    expect(await screen.findByText('У вас ще немає документів. Завантажте їх у кабінеті, на вкладці «Документи».')).toBeInTheDocument();
  });
});

describe('a message’s state and the other side typing', () => {
  it('says the ticks in words', async () => {
    await show(
      <>
        <MessageStatus status="Sent" />
        <MessageStatus status="Read" />
        <MessageStatus status="failed" />
      </>,
    );
    expect(screen.getByText('Sent')).toBeInTheDocument();
    expect(screen.getByTitle('Read')).toHaveTextContent('✓✓Read');
    expect(screen.getByText('Not sent.')).toBeInTheDocument();
  });

  it('announces who is typing in a live region that stays', async () => {
    function Typing() {
      const [typing, setTyping] = useState(true);
      return (
        <>
          <TypingIndicator typing={typing ? { name: 'Ірина', senderType: 'doctor' } : null} />
          <button type="button" onClick={() => setTyping(false)}>
            Stop
          </button>
        </>
      );
    }
    await show(<Typing />, { locale: 'uk' });
    const region = screen.getByText('Ірина друкує…').closest('[aria-live="polite"]');
    expect(region).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.queryByText(/друкує/)).not.toBeInTheDocument();
    expect(region).toBeInTheDocument();
  });
});
