import { ActionIcon, Drawer, Indicator } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationList } from './api.ts';
import { NotificationsPanel } from './notifications-panel.tsx';
import { unreadCount } from './store.ts';
import { LineIcon } from '../../components/line-icon.tsx';

function BellIcon() {
  return (
    <LineIcon>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </LineIcon>
  );
}

/** The header bell of a signed-in person: the unread count, and the list in a side panel. */
export default function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const list = useNotificationList(userId);
  const unread = list.data ? unreadCount(list.data) : 0;
  return (
    <>
      <ActionIcon
        variant="default"
        size={36}
        onClick={() => setOpened(true)}
        aria-label={t('notifications.bell', { count: unread })}
        aria-haspopup="dialog"
      >
        <Indicator label={unread} disabled={unread === 0} size={16} offset={2} color="danger">
          <BellIcon />
        </Indicator>
      </ActionIcon>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="md" title={t('notifications.title')}>
        <NotificationsPanel userId={userId} />
      </Drawer>
    </>
  );
}
