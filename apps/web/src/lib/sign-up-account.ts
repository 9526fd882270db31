import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from './api-errors.ts';
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

type SignUpAccountForm = ReturnType<typeof useSignUpAccountForm>;

/**
 * The server refused a detail of the first step at the end (a name with a control character, too long): its reason goes
 * on that field, and the caller goes back to the step. False when the refusal named none of them.
 */
export function showRefusedAccountFields(t: TFunction, account: SignUpAccountForm, error: unknown): boolean {
  const named = Object.entries(fieldErrors(t, error)).filter(([field]) => field in account.values);
  if (named.length === 0) return false;
  account.setErrors(Object.fromEntries(named));
  return true;
}
