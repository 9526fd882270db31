import { Avatar, Box, Button, Menu, Tooltip } from '@mantine/core';
import type { User } from '@rozmova/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authStore } from '../lib/auth-store.ts';
import { initials } from '../lib/initials.ts';
import { appPaths } from '../lib/paths.ts';

/** Whether the element's text is cut off (it is wider than the room it has). */
function useTruncated<T extends HTMLElement>(text: string) {
  const ref = useRef<T>(null);
  const [truncated, setTruncated] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setTruncated(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    check();
    return () => observer.disconnect();
  }, [text]);
  return { ref, truncated };
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const { ref: nameRef, truncated: nameTruncated } = useTruncated<HTMLSpanElement>(user.user_name);
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
              {initials(user.user_name)}
            </Avatar>
          }
        >
          {/* Below 36em only the initials show, leaving room for the notification bell and the menu button. */}
          {/* The whole name in a tooltip only when it does not fit. */}
          <Tooltip label={user.user_name} disabled={!nameTruncated} withinPortal>
            <Box component="span" className="user-menu__name" visibleFrom="xs" ref={nameRef}>
              {user.user_name}
            </Box>
          </Tooltip>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={appPaths.cabinet()}>
          {t('header.cabinet')}
        </Menu.Item>
        {user.user_role === 'admin' && (
          <Menu.Item component={Link} to={appPaths.admin}>
            {t('header.admin')}
          </Menu.Item>
        )}
        {(user.user_role === 'doctor' || user.user_role === 'admin') && (
          <Menu.Item component={Link} to={appPaths.doctor}>
            {t('doctor.nav')}
          </Menu.Item>
        )}
        {(user.user_role === 'operator' || user.user_role === 'admin') && (
          <Menu.Item component={Link} to={appPaths.operator()}>
            {t('operator.nav')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => void logout()}>{t('header.logout')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
