import { NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { locales, type Locale, type Role } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { isEmail, isPasswordLengthValid } from '../../lib/validation.ts';
import { useCreateUser } from './api.ts';

const creatableRoles: Role[] = ['operator', 'doctor', 'admin', 'patient'];

export function CreateUserModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const form = useForm({
    // The account's language (its e-mails, and its interface once signed in): the admin's own by default.
    initialValues: { user_name: '', email: '', password: '', user_role: 'operator' as Role, locale: currentLocale() as Locale },
    validate: {
      user_name: (value) => (value.trim() ? null : t('validation.nameRequired')),
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')),
    },
  });
  return (
    <FormModal
      title={t('admin.createTitle')}
      onClose={onClose}
      form={form}
      mutation={create}
      toVariables={(values) => ({ ...values, user_name: values.user_name.trim(), email: values.email.trim() })}
      onSuccess={(user) => notifications.show({ message: t('admin.created', { email: user?.email }) })}
      submitLabel={t('admin.createSubmit')}
    >
      <TextInput label={t('fields.name')} required data-autofocus maxLength={100} {...form.getInputProps('user_name')} />
      <TextInput label={t('fields.email')} type="email" required {...form.getInputProps('email')} />
      <NewPasswordField label={t('fields.password')} {...form.getInputProps('password')} />
      <NativeSelect
        label={t('fields.role')}
        data={creatableRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        {...form.getInputProps('user_role')}
      />
      <NativeSelect
        label={t('header.language')}
        data={locales.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
        {...form.getInputProps('locale')}
      />
    </FormModal>
  );
}
