import { Button, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { isEmail, isPasswordLengthValid } from '../../lib/validation.ts';
import { useRecoverPassword, useSendCode } from './api.ts';
import { CodeStep } from './code-step.tsx';

interface Props {
  onClose: () => void;
  onDone: (user: User) => void;
}

export function ForgotPasswordModal({ onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [code, setCode] = useState('');
  const [user, setUser] = useState<User>();
  const sendCode = useSendCode('recover-pass');
  const recover = useRecoverPassword();

  const emailForm = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (isEmail(value) ? null : t('validation.email')) },
  });
  const passwordForm = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')) },
  });
  const email = emailForm.values.email.trim();

  const submitEmail = emailForm.onSubmit(() => {
    sendCode.mutate({ email, locale: currentLocale() }, { onSuccess: () => setStep(1) });
  });
  const submitPassword = passwordForm.onSubmit(({ password }) => {
    recover.mutate(
      { email, code, password },
      {
        onSuccess: (signedIn) => {
          setUser(signedIn);
          setStep(3);
        },
        onError: (error) => passwordForm.setErrors(fieldErrors(t, error)),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('auth.forgotTitle')} size="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && step < 3 && setStep(index)}>
        <Stepper.Step label={t('auth.forgotStepEmail')}>
          <form onSubmit={submitEmail} noValidate>
            <Stack gap="sm">
              <Text>{t('auth.forgotIntro')}</Text>
              <TextInput
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                required
                data-autofocus
                {...emailForm.getInputProps('email')}
              />
              <FormError error={sendCode.error} operation="sendRecoveryCode" />
              <Button type="submit" loading={sendCode.isPending}>
                {t('auth.getCode')}
              </Button>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('auth.forgotStepCode')}>
          <CodeStep
            email={email}
            purpose="recover-pass"
            onBack={() => setStep(0)}
            onConfirmed={(confirmed) => {
              setCode(confirmed);
              setStep(2);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label={t('auth.forgotStepPassword')}>
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="sm">
              <NewPasswordField label={t('fields.newPassword')} data-autofocus {...passwordForm.getInputProps('password')} />
              <FormError error={recover.error} />
              <Button type="submit" loading={recover.isPending}>
                {t('auth.savePassword')}
              </Button>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('auth.forgotStepDone')}>
          <Stack gap="md">
            <Text role="status">{t('auth.forgotDone')}</Text>
            <Button onClick={() => user && onDone(user)}>{t('auth.openCabinet')}</Button>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
