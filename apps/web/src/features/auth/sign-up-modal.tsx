import { Anchor, Modal, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { showRefusedAccountFields, useSignUpAccountForm } from '../../lib/sign-up-account.ts';
import { isPasswordLengthValid, isPhone } from '../../lib/validation.ts';
import { useRegisterPatient, useSendCode } from './api.ts';
import type { AuthDialog } from './auth-dialog.ts';
import { CodeStep } from './code-step.tsx';

interface Props {
  onClose: () => void;
  onSwitch: (dialog: AuthDialog) => void;
  onSignedIn: (user: User) => void;
}

export function SignUpModal({ onClose, onSwitch, onSignedIn }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [code, setCode] = useState('');
  const sendCode = useSendCode('register');
  const register = useRegisterPatient();

  const account = useSignUpAccountForm();
  const credentials = useForm({
    initialValues: { password: '', phone: '' },
    validate: {
      password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')),
      phone: (value) => (value.trim() === '' || isPhone(value) ? null : t('validation.phone')),
    },
  });

  const email = account.values.email.trim();

  return (
    <Modal opened onClose={onClose} title={t('auth.signupTitle')} size="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && setStep(index)}>
        <Stepper.Step label={t('auth.signupStepAccount')}>
          <MutationForm
            form={account}
            mutation={sendCode}
            toVariables={() => ({ email, locale: currentLocale() })}
            onSuccess={() => setStep(1)}
            operation="sendRegisterCode"
            submitLabel={t('auth.getCode')}
            footer={
              <Text size="sm">
                {t('auth.haveAccount')}{' '}
                <Anchor component="button" type="button" onClick={() => onSwitch('login')}>
                  {t('auth.loginLink')}
                </Anchor>
              </Text>
            }
          >
            <TextInput label={t('fields.name')} autoComplete="name" required data-autofocus {...account.getInputProps('user_name')} />
            <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...account.getInputProps('email')} />
            <ConsentCheckbox {...account.getInputProps('consent', { type: 'checkbox' })} />
          </MutationForm>
        </Stepper.Step>
        <Stepper.Step label={t('auth.signupStepCode')}>
          <CodeStep
            email={email}
            purpose="register"
            onBack={() => setStep(0)}
            onConfirmed={(confirmed) => {
              setCode(confirmed);
              setStep(2);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label={t('auth.signupStepPassword')}>
          <MutationForm
            form={credentials}
            mutation={register}
            toVariables={({ password, phone }) => ({
              email,
              code,
              password,
              user_name: account.values.user_name.trim(),
              locale: currentLocale(),
              ...(phone.trim() ? { phone: phone.trim() } : {}),
            })}
            onSuccess={(user) => user && onSignedIn(user)}
            onError={(error) => {
              if (showRefusedAccountFields(t, account, error)) setStep(0);
            }}
            operation="register"
            submitLabel={t('auth.createAccount')}
          >
            <NewPasswordField label={t('fields.password')} data-autofocus {...credentials.getInputProps('password')} />
            <PhoneField label={t('fields.phoneOptional')} {...credentials.getInputProps('phone')} />
          </MutationForm>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
