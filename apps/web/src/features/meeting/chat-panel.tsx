import { CloseButton, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatView } from '../../components/chat/chat-view.tsx';
import type { Conversation } from '../../lib/chat/use-conversation.ts';

interface Props {
  id: string;
  onClose: () => void;
  chat: Conversation;
  other: string;
}

/**
 * The consultation's chat during the call: a panel that is not modal (the call goes on around it), beside the video on
 * a wide screen and over its lower part on a phone. Escape closes it while the focus is in it or nowhere (a sent
 * message leaves the focus nowhere), never from a menu or dialog of the room.
 */
export function ChatPanel({ id, onClose, chat, other }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    // The message field takes the focus, except on a touch screen, where its keyboard would cover the call.
    const field = element.querySelector<HTMLElement>('[data-autofocus]');
    (window.matchMedia('(pointer: coarse)').matches || !field ? element : field).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as Node;
      if (target === document.body || element.contains(target)) close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} tabIndex={-1} className="call__chat">
      <div className="call__chat-header">
        <Title order={2} fz="md" id={titleId}>
          {t('meeting.chat.title', { name: other })}
        </Title>
        <CloseButton aria-label={t('meeting.chat.close')} onClick={onClose} />
      </div>
      <div className="call__chat-body">
        <ChatView chat={chat} otherName={other} emptyText={t('meeting.chat.empty')} autoFocus />
      </div>
    </div>
  );
}
