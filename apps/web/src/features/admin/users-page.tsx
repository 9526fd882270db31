import { Badge, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { roles, staffRoles, type AdminUser, type Role } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ConsoleTable, type ConsoleColumn } from '../../components/console-table.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { AdminNav } from './admin-nav.tsx';
import { USERS_PAGE_SIZE, useResetPassword, useResetTwoFactor, useSetUserActive, useUsers } from './api.ts';
import { CreateUserModal } from './create-user-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { intlLocale } from '../../lib/format.ts';

function ResetPasswordModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  return (
    <ConfirmModal
      title={t('adminConsole.users.resetTitle')}
      text={t('adminConsole.users.resetText', { name: user.user_name, email: user.email })}
      confirmLabel={t('adminConsole.users.reset')}
      cancelLabel={t('common.cancel')}
      onConfirm={() =>
        reset.mutate(user.id, {
          onSuccess: () => {
            notifications.show({ message: t('adminConsole.users.resetDone', { email: user.email }) });
            onClose();
          },
        })
      }
      onClose={onClose}
      pending={reset.isPending}
      error={reset.error}
    />
  );
}

/** A member of staff's authenticator and recovery codes removed; they are signed out and set up a new one when required. */
function ResetTwoFactorModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor();
  return (
    <ConfirmModal
      title={t('twoFactor.admin.resetTitle')}
      text={t('twoFactor.admin.resetText', { name: user.user_name, email: user.email })}
      confirmLabel={t('twoFactor.admin.reset')}
      cancelLabel={t('common.cancel')}
      confirmColor="danger"
      focusCancel
      onConfirm={() =>
        reset.mutate(user.id, {
          onSuccess: () => {
            notifications.show({ message: t('twoFactor.admin.resetDone', { email: user.email }) });
            onClose();
          },
          // Nothing was set up: said once, and the dialog closes (there is nothing to try again).
          onError: (error) => {
            if (!(error instanceof ApiError) || error.body?.code !== 'TWO_FACTOR_NOT_ENABLED') return;
            notifications.show({ message: t('twoFactor.admin.notEnabled', { email: user.email }) });
            onClose();
          },
        })
      }
      onClose={onClose}
      pending={reset.isPending}
      error={reset.error}
    />
  );
}

function ConfirmActiveModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const setActive = useSetUserActive();
  const activate = !user.is_active;
  const confirm = () =>
    setActive.mutate(
      { id: user.id, isActive: activate },
      {
        onSuccess: () => {
          notifications.show({ message: t(activate ? 'admin.activated' : 'admin.deactivated', { email: user.email }) });
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      title={t(activate ? 'admin.activateTitle' : 'admin.deactivateTitle')}
      text={t(activate ? 'admin.activateText' : 'admin.deactivateText', { name: user.user_name, email: user.email })}
      confirmLabel={t(activate ? 'admin.activate' : 'admin.deactivate')}
      cancelLabel={t('common.cancel')}
      confirmColor={activate ? undefined : 'danger'}
      onConfirm={confirm}
      onClose={onClose}
      pending={setActive.isPending}
      error={setActive.error}
    />
  );
}

/** What a row's buttons do with its user: each opens a dialog. */
interface UserActions {
  onEdit: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onResetTwoFactor: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
}

function useUserColumns({ onEdit, onReset, onResetTwoFactor, onToggle }: UserActions): ConsoleColumn<AdminUser>[] {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const dateFormat = new Intl.DateTimeFormat(intlLocale(currentLocale()), { dateStyle: 'medium' });
  return [
    { header: t('fields.name'), cell: (user) => user.user_name },
    { header: t('fields.email'), cell: (user) => user.email },
    { header: t('fields.role'), cell: (user) => t(`roles.${user.user_role}`) },
    {
      header: t('admin.status'),
      // A badge shrinks to an ellipsis ("А…") when the table is tight: the word stays whole.
      cell: (user) => (
        <Badge color={user.is_active ? 'brand' : 'gray'} variant="light" miw="max-content">
          {t(user.is_active ? 'admin.active' : 'admin.inactive')}
        </Badge>
      ),
    },
    { header: t('admin.createdAt'), cell: (user) => dateFormat.format(new Date(user.created_at)) },
    {
      header: t('admin.actions'),
      cell: (user) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => onEdit(user)}
            aria-label={t('adminConsole.users.editUser', { email: user.email })}
          >
            {t('adminConsole.users.edit')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => onReset(user)}
            aria-label={t('adminConsole.users.resetUser', { email: user.email })}
          >
            {t('adminConsole.users.reset')}
          </Button>
          {staffRoles.includes(user.user_role) && user.id !== me?.id && (
            <Button
              size="xs"
              variant="default"
              onClick={() => onResetTwoFactor(user)}
              aria-label={t('twoFactor.admin.resetUser', { email: user.email })}
            >
              {t('twoFactor.admin.reset')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => onToggle(user)}
            aria-label={t(user.is_active ? 'admin.deactivateUser' : 'admin.activateUser', { email: user.email })}
          >
            {t(user.is_active ? 'admin.deactivate' : 'admin.activate')}
          </Button>
        </Group>
      ),
    },
  ];
}

function UserFilters({
  search,
  role,
  onSearch,
  onRole,
}: {
  search: string;
  role: Role | '';
  onSearch: (search: string) => void;
  onRole: (role: Role | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        label={t('admin.search')}
        type="search"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 280 }}
      />
      <NativeSelect
        label={t('admin.roleFilter')}
        value={role}
        onChange={(event) => onRole(event.currentTarget.value as Role | '')}
        data={[{ value: '', label: t('admin.allRoles') }, ...roles.map((value) => ({ value, label: t(`roles.${value}`) }))]}
        w={{ base: '100%', sm: 200 }}
      />
    </Group>
  );
}

export function UsersPage() {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role | ''>('');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [resettingTwoFactor, setResettingTwoFactor] = useState<AdminUser | null>(null);
  const users = useUsers({ role: role || undefined, search: debouncedSearch, page });
  const columns = useUserColumns({
    onEdit: setEditing,
    onReset: setResetting,
    onResetTwoFactor: setResettingTwoFactor,
    onToggle: setToggling,
  });

  return (
    <Stack gap="lg">
      <AdminNav />
      <Group justify="space-between">
        <Title order={1}>{t('admin.usersTitle')}</Title>
        <Button onClick={() => setCreating(true)}>{t('admin.createUser')}</Button>
      </Group>
      <UserFilters
        search={search}
        role={role}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onRole={(value) => {
          setRole(value);
          setPage(1);
        }}
      />
      <ConsoleTable
        label={t('admin.usersTitle')}
        minWidth={1080}
        striped
        highlightOnHover
        columns={columns}
        rows={users.data?.users}
        rowKey={(user) => user.id}
        error={users.error}
        paging={{
          total: users.data?.total ?? 0,
          page,
          pageSize: USERS_PAGE_SIZE,
          onChange: setPage,
          foundText: t('admin.total', { count: users.data?.total ?? 0 }),
        }}
      />
      {creating && <CreateUserModal onClose={() => setCreating(false)} />}
      {toggling && <ConfirmActiveModal user={toggling} onClose={() => setToggling(null)} />}
      {editing && <EditUserModal user={editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
      {resettingTwoFactor && <ResetTwoFactorModal user={resettingTwoFactor} onClose={() => setResettingTwoFactor(null)} />}
    </Stack>
  );
}
