import { Affix, Button, Drawer, Indicator } from '@mantine/core';
import { useDocumentVisibility, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportPane } from '../../components/chat/support-pane.tsx';
import { useSupportConversation } from '../../lib/chat/support.ts';
import { LineIcon } from '../../components/line-icon.tsx';

function ChatIcon() {
  return (
    <LineIcon>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </LineIcon>
  );
}

/**
 * The floating button of a signed-in patient (docs/product.md "user chat panel") with the count of unread operator messages,
 * and the support chat it opens: a drawer, full screen on a phone. Opening it marks the messages read (and so does
 * whatever arrives while it is open and the page visible); closing it marks read again (docs/product.md §4).
 */
export default function SupportLauncher({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const visible = useDocumentVisibility() === 'visible';
  const phone = useMediaQuery('(max-width: 36em)');
  const chat = useSupportConversation(opened && visible);
  const close = () => {
    setOpened(false);
    void chat.markRead();
  };
  return (
    <>
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Indicator label={chat.unread} disabled={chat.unread === 0} size={18} offset={4} color="danger">
          <Button
            size="md"
            radius="xl"
            leftSection={<ChatIcon />}
            onClick={() => setOpened(true)}
            aria-haspopup="dialog"
            aria-label={chat.unread > 0 ? t('supportChat.launcherUnread', { count: chat.unread }) : t('supportChat.launcher')}
            data-testid="chat-launcher"
            className="support-launcher"
          >
            {t('supportChat.launcher')}
          </Button>
        </Indicator>
      </Affix>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={phone ? '100%' : 'md'}
        title={t('supportChat.title')}
        classNames={{ content: 'chat-drawer', body: 'chat-drawer__body' }}
      >
        <SupportPane chat={chat} userId={userId} autoFocus />
      </Drawer>
    </>
  );
}
