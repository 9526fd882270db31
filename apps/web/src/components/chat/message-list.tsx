import { Alert, Anchor, Button, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentDateText, dayKey, timeText } from '../../lib/appointment-dates.ts';
import { useOnVisible } from '../../lib/use-on-visible.ts';
import type { ChatEntry } from '../../lib/chat/conversation.ts';
import type { Conversation } from '../../lib/chat/use-conversation.ts';
import { DocumentViewer } from '../document-viewer.tsx';
import { MessageStatus } from './message-status.tsx';

interface Props {
  chat: Conversation;
  /** The other side's name for messages that carry none. */
  otherName: string;
  emptyText: string;
  /** Lines that are not messages, put among them by time (the operators' claims and transfers). */
  events?: readonly TimelineEvent[];
}

export interface TimelineEvent {
  key: string;
  at: string;
  node: ReactNode;
}

/** The messages with the events put among them by time (both come oldest first). */
function withEvents(entries: ChatEntry[], events: readonly TimelineEvent[]): (ChatEntry | TimelineEvent)[] {
  const merged: (ChatEntry | TimelineEvent)[] = [];
  let next = 0;
  for (const entry of entries) {
    while (next < events.length && events[next]!.at <= entry.at) merged.push(events[next++]!);
    merged.push(entry);
  }
  return [...merged, ...events.slice(next)];
}

/** How near the bottom (px) counts as reading the newest messages: new ones then scroll into view. */
const NEAR_BOTTOM = 80;

function whenText(at: string, language: string): string {
  return dayKey(at) === dayKey(new Date()) ? timeText(at) : appointmentDateText(at, language);
}

/**
 * The conversation, oldest at the top: a scrollable log that loads earlier pages when its top comes into view (or by
 * the button there, for the keyboard), keeps the reader's place when they arrive, and follows new messages while the
 * reader is at the bottom. New messages of the other side are read out once through a polite live region.
 */
export function MessageList({ chat, otherName, emptyText, events = [] }: Props) {
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const { entries, hasOlder, loadOlder } = chat;
  const first = entries[0]?.key;
  const last = entries.at(-1);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<{ first?: string; last?: string; height: number; loaded: boolean }>({ height: 0, loaded: false });

  const nameOf = (entry: ChatEntry) => (entry.mine ? t('chat.you') : (entry.senderName ?? otherName));

  // Keep the place when earlier messages are put above; follow new ones at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = seen.current;
    const nearBottom = before.height - element.clientHeight - element.scrollTop <= NEAR_BOTTOM;
    if (!before.loaded || (last?.key !== before.last && (nearBottom || last?.mine))) element.scrollTop = element.scrollHeight;
    else if (first !== before.first && last?.key === before.last) element.scrollTop += element.scrollHeight - before.height;
    seen.current = { first, last: last?.key, height: element.scrollHeight, loaded: before.loaded || entries.length > 0 };
  }, [first, last, entries.length]);

  // Say a new message of the other side once (not the history on the first load).
  const announced = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!last) return;
    if (announced.current !== undefined && !last.mine && last.key !== announced.current) {
      setAnnouncement(t('chat.newMessage', { name: nameOf(last), text: last.text }));
    }
    announced.current = last.key;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new last message is announced
  }, [last?.key]);

  // The top of the list in view loads the next earlier page.
  useOnVisible(top, () => void loadOlder(), { enabled: hasOlder, root: scroller, again: first });

  return (
    <>
      <div
        ref={scroller}
        className="chat-scroll"
        role="log"
        aria-live="off"
        aria-label={t('chat.log')}
        // A scrollable region is reached by the keyboard too.
        tabIndex={0}
      >
        {hasOlder && (
          <div ref={top} className="chat-older">
            <Button variant="subtle" size="xs" onClick={() => void loadOlder()} loading={chat.loadingOlder}>
              {t('chat.older')}
            </Button>
          </div>
        )}
        {chat.olderFailed && (
          <Text size="sm" c="var(--mantine-color-error)">
            {t('chat.olderFailed')}
          </Text>
        )}
        {chat.loading && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {chat.failed && (
          <Alert color="danger" variant="light">
            {t('chat.loadFailed')}{' '}
            <Anchor component="button" type="button" onClick={() => void chat.reload()}>
              {t('chat.reload')}
            </Anchor>
          </Alert>
        )}
        {!chat.loading && !chat.failed && entries.length === 0 && <Text size="sm">{emptyText}</Text>}
        {withEvents(entries, events).map((entry) =>
          'node' in entry ? (
            <Fragment key={entry.key}>{entry.node}</Fragment>
          ) : (
            <MessageItem
              key={entry.key}
              entry={entry}
              name={nameOf(entry)}
              when={whenText(entry.at, i18n.resolvedLanguage ?? 'en')}
              onRetry={() => chat.retry(entry.key)}
            />
          ),
        )}
      </div>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}

function MessageItem({ entry, name, when, onRetry }: { entry: ChatEntry; name: string; when: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const document = entry.document;
  return (
    <div
      className="chat-message"
      data-mine={entry.mine || undefined}
      data-testid="chat-message"
      data-status={entry.status}
      data-sender={entry.sender}
    >
      <Text size="xs" c="dimmed">
        {name} · {when}
      </Text>
      <Text size="sm" className="chat-message__text">
        {entry.text}
      </Text>
      {document && (
        <Button
          variant="default"
          size="compact-sm"
          mt={4}
          disabled={!document.name}
          onClick={() => setViewing(true)}
          aria-label={document.name ? t('chat.openDocument', { name: document.name }) : undefined}
        >
          {document.name ? t('chat.document', { name: document.name }) : t('chat.documentGone')}
        </Button>
      )}
      {document?.name && (
        <DocumentViewer document={viewing ? { id: document.id, name: document.name } : null} onClose={() => setViewing(false)} />
      )}
      {entry.mine && (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <MessageStatus status={entry.status} />
          {entry.status === 'failed' && (
            <Anchor component="button" type="button" size="xs" onClick={onRetry} data-testid="chat-retry">
              {t('chat.retry')}
            </Anchor>
          )}
        </Group>
      )}
    </div>
  );
}
