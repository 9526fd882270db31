import { Button, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
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

  return (
    <Modal opened onClose={onClose} title={t('auth.forgotTitle')} size="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && step < 3 && setStep(index)}>
        <Stepper.Step label={t('auth.forgotStepEmail')}>
          <MutationForm
            form={emailForm}
            mutation={sendCode}
            toVariables={() => ({ email, locale: currentLocale() })}
            onSuccess={() => setStep(1)}
            operation="sendRecoveryCode"
            submitLabel={t('auth.getCode')}
          >
            <Text>{t('auth.forgotIntro')}</Text>
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              data-autofocus
              {...emailForm.getInputProps('email')}
            />
          </MutationForm>
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
          <MutationForm
            form={passwordForm}
            mutation={recover}
            toVariables={({ password }) => ({ email, code, password })}
            onSuccess={(signedIn) => {
              setUser(signedIn);
              setStep(3);
            }}
            submitLabel={t('auth.savePassword')}
          >
            <NewPasswordField label={t('fields.newPassword')} data-autofocus {...passwordForm.getInputProps('password')} />
          </MutationForm>
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
