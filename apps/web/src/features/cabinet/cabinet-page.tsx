import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { ProfileTab } from './profile-tab.tsx';

export function CabinetPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('cabinet.greeting', { name: user.user_name })}</Title>
        <Text mt="xs">{t('cabinet.lead')}</Text>
      </div>
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="profile">{t('cabinet.profileTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileTab user={user} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
