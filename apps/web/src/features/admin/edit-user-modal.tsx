import { NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { assignableRoles, type AdminUser, type UpdateUserBody } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useUpdateUser } from './api.ts';

const isAssignable = (role: string) => (assignableRoles as readonly string[]).includes(role);

/** Name and, for staff other than oneself, the role (operator, doctor, admin). */
export function EditUserModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const update = useUpdateUser(user.id);
  const roleEditable = isAssignable(user.user_role) && me?.id !== user.id;
  const form = useForm({
    initialValues: { user_name: user.user_name, user_role: user.user_role as string },
    validate: { user_name: (value) => (value.trim() ? null : t('validation.nameRequired')) },
  });
  return (
    <FormModal
      title={t('adminConsole.users.editTitle', { email: user.email })}
      onClose={onClose}
      form={form}
      mutation={update}
      toVariables={(values): UpdateUserBody | null => {
        const body: UpdateUserBody = {};
        if (values.user_name.trim() !== user.user_name) body.user_name = values.user_name.trim();
        if (roleEditable && values.user_role !== user.user_role) body.user_role = values.user_role as UpdateUserBody['user_role'];
        return Object.keys(body).length > 0 ? body : null;
      }}
      onSuccess={(saved) => saved && notifications.show({ message: t('adminConsole.users.saved', { email: user.email }) })}
      submitLabel={t('adminConsole.users.save')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <TextInput label={t('fields.name')} required data-autofocus maxLength={100} {...form.getInputProps('user_name')} />
      {roleEditable ? (
        <NativeSelect
          label={t('fields.role')}
          description={t('adminConsole.users.roleHint')}
          data={assignableRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          {...form.getInputProps('user_role')}
        />
      ) : (
        <TextInput label={t('fields.role')} value={t(`roles.${user.user_role}`)} readOnly description={t('adminConsole.users.roleFixed')} />
      )}
    </FormModal>
  );
}
