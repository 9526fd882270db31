import { Alert, Anchor, Button, Drawer, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MESSAGE_TEXT_MAX } from '@rozmova/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeText } from '../../lib/appointment-dates.ts';
import type { useConsultationChat } from './chat-api.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  chat: ReturnType<typeof useConsultationChat>;
  other: string;
}

/** The consultation's chat (SPEC.md §2's meeting modals): oldest at the top, earlier pages on request, send and retry. */
export function ChatDrawer({ opened, onClose, chat, other }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const { history, entries } = chat;
  const last = entries.at(-1)?.key;

  // The newest message stays in view as messages come.
  useEffect(() => {
    if (opened) end.current?.scrollIntoView({ block: 'end' });
  }, [opened, last]);

  const submit = () => {
    const message = text.trim();
    if (!message) return;
    chat.send(message);
    setText('');
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={t('meeting.chat.title', { name: other })}
    >
      <Stack gap="sm">
        {history.hasNextPage && (
          <Button variant="subtle" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            {t('meeting.chat.older')}
          </Button>
        )}
        {history.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {history.isError && (
          <Alert color="danger" variant="light">
            {t('meeting.chat.loadFailed')}{' '}
            <Anchor component="button" type="button" onClick={() => void history.refetch()}>
              {t('meeting.retry')}
            </Anchor>
          </Alert>
        )}
        {history.isSuccess && entries.length === 0 && <Text size="sm">{t('meeting.chat.empty')}</Text>}
        <div className="chat-log" role="log" aria-label={t('meeting.chat.log')}>
          {entries.map((entry) => (
            <div key={entry.key} className="chat-message" data-mine={entry.mine || undefined}>
              <Text size="xs" c="dimmed">
                {entry.mine ? t('meeting.chat.you') : other} · {timeText(entry.at)}
              </Text>
              <Text size="sm">{entry.text}</Text>
              {entry.mine && (
                <Group gap={6}>
                  <Text size="xs" c={entry.status === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}>
                    {t(`meeting.chat.status.${entry.status}`)}
                  </Text>
                  {entry.status === 'failed' && (
                    <Anchor component="button" type="button" size="xs" onClick={() => chat.retry(entry.key)}>
                      {t('meeting.chat.retry')}
                    </Anchor>
                  )}
                </Group>
              )}
            </div>
          ))}
          <div ref={end} />
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('meeting.chat.input')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={MESSAGE_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter starts a new line.
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
              description={t('meeting.chat.hint')}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={!text.trim()}>
                {t('meeting.chat.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Drawer>
  );
}
