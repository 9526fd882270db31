import { Button, CloseButton, Group, Loader, Menu, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_TEXT_MAX } from '@rozmova/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatDocument } from '../../lib/chat/conversation.ts';
import type { Conversation } from '../../lib/chat/use-conversation.ts';
import { useMyReferences } from '../../lib/documents.ts';

interface Props {
  chat: Pick<Conversation, 'send' | 'typed'>;
  /** Offer the patient's own documents to attach. */
  attachDocuments?: boolean;
  /** The field takes the focus when the composer appears (a dialog that opens on it). */
  autoFocus?: boolean;
  tools?: ComposerTools;
}

/** Controls beside the send button that put text into the message (added after what is written) or use what is written. */
export type ComposerTools = (insert: (text: string) => void, written: string) => ReactNode;

/** Writing a message: Enter sends, Shift+Enter starts a new line; optionally one of the patient's documents goes with it. */
export function Composer({ chat, attachDocuments = false, autoFocus = false, tools }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [document, setDocument] = useState<ChatDocument | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const canSend = text.trim() !== '' || document !== null;

  // Text put in by the tools brings the focus back to the field (after the render that shows it).
  const [insertions, setInsertions] = useState(0);
  useEffect(() => {
    if (insertions > 0) field.current?.focus();
  }, [insertions]);
  const insert = (added: string) => {
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${added}` : added));
    setInsertions((count) => count + 1);
  };

  const submit = () => {
    if (!canSend) return;
    // A document alone goes with its name as the text (a message has text).
    chat.send(text.trim() || (document?.name ?? ''), document);
    setText('');
    setDocument(null);
  };

  return (
    <form
      // A message being written: no reload by itself, and leaving the page asks first (lib/reload-guard.ts).
      data-unsaved={canSend || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        {document && (
          <Group gap={4} wrap="nowrap" className="chat-attachment">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('chat.attached', { name: document.name })}
            </Text>
            <CloseButton size="sm" aria-label={t('chat.removeAttachment', { name: document.name })} onClick={() => setDocument(null)} />
          </Group>
        )}
        <Textarea
          label={t('chat.input')}
          description={t('chat.hint')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MESSAGE_TEXT_MAX}
          value={text}
          ref={field}
          data-autofocus={autoFocus || undefined}
          data-testid="chat-input"
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value.trim()) chat.typed();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Group justify={attachDocuments || tools ? 'space-between' : 'flex-end'} gap="xs">
          {attachDocuments && <AttachMenu onPick={setDocument} />}
          {tools?.(insert, text)}
          <Button type="submit" disabled={!canSend} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AttachMenu({ onPick }: { onPick: (document: ChatDocument) => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="default">{t('chat.attach')}</Button>
      </Menu.Target>
      <Menu.Dropdown maw="min(22rem, 90vw)">
        <DocumentItems onPick={onPick} />
      </Menu.Dropdown>
    </Menu>
  );
}

/** Rendered only while the menu is open, so the documents are asked for then. */
function DocumentItems({ onPick }: { onPick: (document: ChatDocument) => void }) {
  const { t } = useTranslation();
  const references = useMyReferences();
  if (references.isPending) return <Loader role="status" size="sm" m="sm" aria-label={t('common.loading')} />;
  if (references.isError) return <Menu.Label>{t('chat.documentsFailed')}</Menu.Label>;
  if (references.data.references.length === 0) return <Menu.Label>{t('chat.noDocuments')}</Menu.Label>;
  return (
    <>
      <Menu.Label>{t('chat.pickDocument')}</Menu.Label>
      {references.data.references.map((reference) => (
        <Menu.Item
          key={reference.id}
          onClick={() => onPick({ id: reference.id, name: reference.name })}
          style={{ overflowWrap: 'anywhere' }}
        >
          {reference.name}
        </Menu.Item>
      ))}
    </>
  );
}
