import { Button, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SecondStepResponse, User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { isEmail, isPasswordLengthValid } from '../../lib/validation.ts';
import { useAfterPassword } from './after-password.ts';
import { useRecoverPassword, useSendCode } from './api.ts';
import { CodeStep } from './code-step.tsx';
import { SecondStepForm } from './second-step-form.tsx';

interface Props {
  onClose: () => void;
  onDone: (user: User) => void;
}

export function ForgotPasswordModal({ onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [code, setCode] = useState('');
  const [user, setUser] = useState<User>();
  // Staff with two-factor sign-in: the e-mail's code is no second factor, so the app's code still follows.
  const [secondStep, setSecondStep] = useState<SecondStepResponse | null>(null);
  const signedIn = (who: User) => {
    setUser(who);
    setStep(3);
  };
  const afterPassword = useAfterPassword(signedIn, setSecondStep);
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
          {secondStep ? (
            <SecondStepForm
              challenge={secondStep.challenge}
              intro={<Text>{t('twoFactor.signIn.passwordSaved')}</Text>}
              onSignedIn={signedIn}
              onRestart={onClose}
            />
          ) : (
            <MutationForm
              form={passwordForm}
              mutation={recover}
              toVariables={({ password }) => ({ email, code, password })}
              onSuccess={afterPassword}
              submitLabel={t('auth.savePassword')}
            >
              <NewPasswordField label={t('fields.newPassword')} data-autofocus {...passwordForm.getInputProps('password')} />
            </MutationForm>
          )}
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
