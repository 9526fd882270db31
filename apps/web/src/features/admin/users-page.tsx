import { Alert, Badge, Button, Group, NativeSelect, Pagination, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { roles, type AdminUser, type Role } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { USERS_PAGE_SIZE, useSetUserActive, useUsers } from './api.ts';
import { CreateUserModal } from './create-user-modal.tsx';

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

export function UsersPage() {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role | ''>('');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const users = useUsers({ role: role || undefined, search: debouncedSearch, page });
  const pages = Math.max(1, Math.ceil((users.data?.total ?? 0) / USERS_PAGE_SIZE));
  const dateFormat = new Intl.DateTimeFormat(currentLocale() === 'uk' ? 'uk-UA' : 'en-GB', { dateStyle: 'medium' });

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('admin.usersTitle')}</Title>
        <Button onClick={() => setCreating(true)}>{t('admin.createUser')}</Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('admin.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <NativeSelect
          label={t('admin.roleFilter')}
          value={role}
          onChange={(event) => {
            setRole(event.currentTarget.value as Role | '');
            setPage(1);
          }}
          data={[{ value: '', label: t('admin.allRoles') }, ...roles.map((value) => ({ value, label: t(`roles.${value}`) }))]}
          w={{ base: '100%', sm: 200 }}
        />
      </Group>
      {users.isError && (
        <Alert color="danger" role="alert">
          {errorText(t, users.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover>
          <Table.Caption>{t('admin.total', { count: users.data?.total ?? 0 })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Th>{t('fields.role')}</Table.Th>
              <Table.Th>{t('admin.status')}</Table.Th>
              <Table.Th>{t('admin.createdAt')}</Table.Th>
              <Table.Th>{t('admin.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>{user.user_name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{t(`roles.${user.user_role}`)}</Table.Td>
                <Table.Td>
                  <Badge color={user.is_active ? 'brand' : 'gray'} variant="light">
                    {t(user.is_active ? 'admin.active' : 'admin.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>{dateFormat.format(new Date(user.created_at))}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setToggling(user)}
                    aria-label={t(user.is_active ? 'admin.deactivateUser' : 'admin.activateUser', { email: user.email })}
                  >
                    {t(user.is_active ? 'admin.deactivate' : 'admin.activate')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`admin.pagination.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('admin.pagination.page', { page: item }) })}
        />
      )}
      {creating && <CreateUserModal onClose={() => setCreating(false)} />}
      {toggling && <ConfirmActiveModal user={toggling} onClose={() => setToggling(null)} />}
    </Stack>
  );
}
