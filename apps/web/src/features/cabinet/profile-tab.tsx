import { Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { staffRoles, type NotificationSettings, type User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../components/section-card.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { appPaths } from '../../lib/paths.ts';
import { useUpdateProfile } from './api.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import { ChangePhoneModal } from './change-phone-modal.tsx';
import { PushDevice } from './push-device.tsx';
import { RemoveAccountModal } from './remove-account-modal.tsx';
import { SetupPasswordModal } from './setup-password-modal.tsx';

type ProfileModal = 'password' | 'phone' | 'setupPassword' | 'remove';

const channels: (keyof NotificationSettings)[] = ['in_app', 'email', 'push'];

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<ProfileModal | null>(null);
  const update = useUpdateProfile();
  const close = () => setModal(null);

  const toggleChannel = (channel: keyof NotificationSettings, enabled: boolean) =>
    update.mutate(
      { notification_settings: { [channel]: enabled } },
      { onError: (error) => notifications.show({ color: 'danger', message: errorText(t, error) }) },
    );

  return (
    <Stack gap="lg">
      <SectionCard title={t('profile.detailsTitle')} titleId="profile-details-title" gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Detail label={t('fields.name')} value={user.user_name} />
          <Detail label={t('fields.email')} value={user.email} />
          <Detail label={t('fields.phone')} value={user.phone ?? t('profile.notSet')} />
          <Detail label={t('profile.language')} value={t(`languages.${user.locale}`)} />
        </SimpleGrid>
        <Group mt="xs" gap="sm">
          {user.has_password ? (
            <Button variant="default" onClick={() => setModal('password')}>
              {t('profile.changePassword')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => setModal('setupPassword')}>
              {t('profile.setupPassword')}
            </Button>
          )}
          <Button variant="default" onClick={() => setModal('phone')}>
            {t('profile.changePhone')}
          </Button>
        </Group>
      </SectionCard>

      <SectionCard title={t('profile.notificationsTitle')} titleId="profile-notifications-title" gap="md">
        <Stack gap="sm">
          {channels.map((channel) => (
            <Switch
              key={channel}
              label={t(`profile.channels.${channel}`)}
              checked={user.notification_settings[channel]}
              disabled={update.isPending}
              onChange={(event) => toggleChannel(channel, event.currentTarget.checked)}
            />
          ))}
        </Stack>
        <PushDevice userId={user.id} accountPushOn={user.notification_settings.push} />
      </SectionCard>

      {staffRoles.includes(user.user_role) && (
        <SectionCard title={t('twoFactor.security.title')} titleId="profile-two-factor-title" gap="xs">
          <Text mb="xs">{t('twoFactor.security.profileText')}</Text>
          <div>
            <Button variant="default" component={Link} to={appPaths.accountSecurity}>
              {t('twoFactor.security.manage')}
            </Button>
          </div>
        </SectionCard>
      )}

      <SectionCard title={t('profile.dangerTitle')} titleId="profile-danger-title" gap="xs">
        <Text mb="xs">{t('profile.dangerText')}</Text>
        <div>
          <Button color="danger" variant="outline" onClick={() => setModal('remove')}>
            {t('profile.removeAccount')}
          </Button>
        </div>
      </SectionCard>

      {modal === 'password' && <ChangePasswordModal onClose={close} />}
      {modal === 'setupPassword' && <SetupPasswordModal onClose={close} />}
      {modal === 'phone' && <ChangePhoneModal user={user} onClose={close} />}
      {modal === 'remove' && <RemoveAccountModal user={user} onClose={close} />}
    </Stack>
  );
}
