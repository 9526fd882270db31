import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ChatView } from '../../components/chat/chat-view.tsx';
import type { Conversation } from '../../lib/chat/use-conversation.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  chat: Conversation;
  other: string;
}

/** The consultation's chat (SPEC.md §2's meeting modals): the shared chat view in a drawer, full width on a phone. */
export function ChatDrawer({ opened, onClose, chat, other }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={t('meeting.chat.title', { name: other })}
      classNames={{ content: 'chat-drawer', body: 'chat-drawer__body' }}
    >
      <ChatView chat={chat} otherName={other} emptyText={t('meeting.chat.empty')} autoFocus />
    </Drawer>
  );
}
