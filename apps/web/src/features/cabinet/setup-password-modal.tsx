import { Button, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { NewPasswordField } from '../../components/password-field.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { isPasswordLengthValid } from '../../lib/validation.ts';
import { useSetupPassword } from './api.ts';
import { FormError } from '../../components/form-error.tsx';

export function SetupPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setup = useSetupPassword();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')) },
  });
  const submit = form.onSubmit(({ password }) =>
    setup.mutate(password, {
      onSuccess: () => {
        notifications.show({ message: t('profile.passwordSet') });
        onClose();
      },
      onError: (error) => form.setErrors(fieldErrors(t, error)),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('profile.setupPasswordTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text>{t('profile.setupPasswordText')}</Text>
          <NewPasswordField label={t('fields.newPassword')} data-autofocus {...form.getInputProps('password')} />
          <FormError error={setup.error} />
          <Button type="submit" loading={setup.isPending}>
            {t('auth.savePassword')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
