import { Avatar, Box, Button, Menu } from '@mantine/core';
import type { User } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store.ts';

/** Up to two letters: the first letters of the first two words of the name. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = async () => {
    await authStore.logout();
    await navigate('/');
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          aria-label={t('header.accountMenu')}
          leftSection={
            <Avatar size={24} color="brand" variant="filled" aria-hidden="true">
              {initialsOf(user.user_name)}
            </Avatar>
          }
        >
          {/* Below 36em only the initials show, leaving room for the notification bell and the menu button. */}
          <Box component="span" className="user-menu__name" visibleFrom="xs">
            {user.user_name}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/user">
          {t('header.cabinet')}
        </Menu.Item>
        {user.user_role === 'admin' && (
          <Menu.Item component={Link} to="/admin">
            {t('header.admin')}
          </Menu.Item>
        )}
        {(user.user_role === 'doctor' || user.user_role === 'admin') && (
          <Menu.Item component={Link} to="/doctor">
            {t('doctor.nav')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => void logout()}>{t('header.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
