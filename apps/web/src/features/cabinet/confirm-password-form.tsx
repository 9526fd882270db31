import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/password-field.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { useVerifyPassword } from './api.ts';
import { FormError } from '../../components/form-error.tsx';

/** The first step of changing the phone or removing the account: the server wants the password confirmed. */
export function ConfirmPasswordForm({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyPassword();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : t('validation.passwordRequired')) },
  });
  const submit = form.onSubmit(({ password }) =>
    verify.mutate(password, { onSuccess: onConfirmed, onError: (error) => form.setErrors(fieldErrors(t, error)) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <FormError error={verify.error} />
        <Button type="submit" loading={verify.isPending}>
          {t('common.continue')}
        </Button>
      </Stack>
    </form>
  );
}
