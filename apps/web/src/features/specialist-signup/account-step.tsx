import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { showRefusedAccountFields, useSignUpAccountForm } from '../../lib/sign-up-account.ts';
import { isPasswordLengthValid, isVerificationCode } from '../../lib/validation.ts';
import { useRegisterSpecialist, useSendSignUpCode } from './api.ts';
import { SignUpSteps } from './sign-up-steps.tsx';

/** Step 1: name and e-mail → the 6-digit code by e-mail → the code and a password create the account and sign in. */
export function AccountStep() {
  const { t } = useTranslation();
  const [codeSent, setCodeSent] = useState(false);
  const sendCode = useSendSignUpCode();
  const register = useRegisterSpecialist();
  const account = useSignUpAccountForm();
  const credentials = useForm({
    initialValues: { code: '', password: '' },
    validate: {
      code: (value) => (isVerificationCode(value.trim()) ? null : t('validation.code')),
      password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')),
    },
  });
  const email = account.values.email.trim();

  return (
    <SectionCard title={t('specialistSignUp.accountTitle')}>
      <SignUpSteps current="account" />
      {!codeSent ? (
        <MutationForm
          form={account}
          mutation={sendCode}
          toVariables={() => ({ email, locale: currentLocale() })}
          onSuccess={() => setCodeSent(true)}
          operation="sendRegisterCode"
          submitLabel={t('auth.getCode')}
        >
          <TextInput label={t('specialistSignUp.nameUk')} autoComplete="name" required {...account.getInputProps('user_name')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...account.getInputProps('email')} />
          <ConsentCheckbox {...account.getInputProps('consent', { type: 'checkbox' })} />
        </MutationForm>
      ) : (
        <MutationForm
          form={credentials}
          mutation={register}
          toVariables={({ code, password }) => ({
            email,
            code: code.trim(),
            password,
            user_name: account.values.user_name.trim(),
            locale: currentLocale(),
          })}
          onError={(error) => {
            if (showRefusedAccountFields(t, account, error)) setCodeSent(false);
          }}
          operation="register"
          submitLabel={t('specialistSignUp.createAccount')}
          footer={
            <Group gap="xs">
              <Button variant="subtle" onClick={() => setCodeSent(false)}>
                {t('common.back')}
              </Button>
              <Button variant="subtle" loading={sendCode.isPending} onClick={() => sendCode.mutate({ email, locale: currentLocale() })}>
                {t('specialistSignUp.sendAgain')}
              </Button>
            </Group>
          }
        >
          <TextInput
            label={t('fields.code')}
            description={t('auth.codeSent', { email })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...credentials.getInputProps('code')}
          />
          <NewPasswordField label={t('fields.password')} {...credentials.getInputProps('password')} />
        </MutationForm>
      )}
    </SectionCard>
  );
}
