import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { CurrentPasswordField } from '../../components/password-field.tsx';
import { useVerifyPassword } from './api.ts';

/** The first step of changing the phone or removing the account: the server wants the password confirmed. */
export function ConfirmPasswordForm({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyPassword();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : t('validation.passwordRequired')) },
  });
  return (
    <MutationForm
      form={form}
      mutation={verify}
      toVariables={({ password }) => password}
      onSuccess={onConfirmed}
      submitLabel={t('common.continue')}
    >
      <CurrentPasswordField label={t('fields.password')} data-autofocus {...form.getInputProps('password')} />
    </MutationForm>
  );
}
