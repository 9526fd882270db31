import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isEmail } from './validation.ts';

/** The first step of every sign-up (a patient's and a specialist's): name, e-mail and consent, before the code is sent. */
export function useSignUpAccountForm() {
  const { t } = useTranslation();
  return useForm({
    initialValues: { user_name: '', email: '', consent: false },
    validate: {
      user_name: (value) => (value.trim() ? null : t('validation.nameRequired')),
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      consent: (value) => (value ? null : t('validation.consent')),
    },
  });
}
