import { Alert, Anchor, Box, Button, CloseButton, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useNotificationActions, useNotificationList } from './api.ts';
import { notificationLink } from './notification-link.ts';
import { notificationDateText, unreadCount } from './store.ts';

/** The newest 20 notifications with mark-all-as-read, remove and clear-all (docs/product.md §4). */
export function NotificationsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const list = useNotificationList(userId);
  const { markAll, remove, clear } = useNotificationActions(userId);
  const state = list.data;

  if (!state) {
    return list.error ? <FormError error={list.error} /> : <Loader role="status" aria-label={t('common.loading')} />;
  }
  const unread = unreadCount(state);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite">
          {t('notifications.unread', { count: unread })}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => markAll.mutate()} loading={markAll.isPending} disabled={unread === 0}>
            {t('notifications.markAllRead')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="danger"
            onClick={() => clear.mutate()}
            loading={clear.isPending}
            disabled={state.items.length === 0}
          >
            {t('notifications.clearAll')}
          </Button>
        </Group>
      </Group>
      {state.lastError != null && (
        <Alert color="danger" role="alert">
          {errorText(t, state.lastError)}
        </Alert>
      )}
      {state.items.length === 0 ? (
        <Text c="dimmed">{t('notifications.empty')}</Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('notifications.listLabel')}>
          {state.items.map((item) => (
            <NotificationRow
              key={item.id}
              notification={item}
              removing={remove.isPending && remove.variables === item.id}
              onRemove={() => remove.mutate(item.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NotificationRow({ notification, removing, onRemove }: { notification: Notification; removing: boolean; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const unread = !notification.notification_is_read;
  const date = notificationDateText(notification.createdAt, i18n.resolvedLanguage ?? 'en');
  const role = useAuth().user?.user_role;
  const link = role ? notificationLink(notification, role) : undefined;
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Box
        aria-hidden="true"
        mt={8}
        style={{
          flex: '0 0 8px',
          height: 8,
          borderRadius: '50%',
          background: unread ? 'var(--mantine-primary-color-filled)' : 'transparent',
        }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        {unread && <VisuallyHidden>{t('notifications.unreadMark')}</VisuallyHidden>}
        {link ? (
          <Anchor component={Link} to={link} fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }} underline="always">
            {notification.notification_message}
          </Anchor>
        ) : (
          <Text fw={unread ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
            {notification.notification_message}
          </Text>
        )}
        <Text size="sm" c="dimmed" component="time" dateTime={notification.createdAt}>
          {date}
        </Text>
      </div>
      {removing ? (
        <Loader role="status" size="xs" aria-label={t('common.loading')} />
      ) : (
        <CloseButton onClick={onRemove} aria-label={t('notifications.remove', { date })} />
      )}
    </Group>
  );
}
