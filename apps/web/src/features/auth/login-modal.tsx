import { Anchor, Group, Modal, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SecondStepResponse, User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { CurrentPasswordField } from '../../components/password-field.tsx';
import { isEmail } from '../../lib/validation.ts';
import { useAfterPassword } from './after-password.ts';
import { useLogin } from './api.ts';
import type { AuthDialog } from './auth-dialog.ts';
import { SecondStepForm } from './second-step-form.tsx';

interface Props {
  onClose: () => void;
  onSwitch: (dialog: AuthDialog) => void;
  onSignedIn: (user: User) => void;
}

export function LoginModal({ onClose, onSwitch, onSignedIn }: Props) {
  const { t } = useTranslation();
  const login = useLogin();
  const [secondStep, setSecondStep] = useState<SecondStepResponse | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      password: (value) => (value ? null : t('validation.passwordRequired')),
    },
  });

  const afterPassword = useAfterPassword(onSignedIn, setSecondStep);

  if (secondStep) {
    return (
      <Modal opened onClose={onClose} title={t('twoFactor.signIn.title')}>
        <SecondStepForm
          challenge={secondStep.challenge}
          onSignedIn={onSignedIn}
          onRestart={() => {
            login.reset();
            setSecondStep(null);
          }}
        />
      </Modal>
    );
  }

  return (
    <FormModal
      title={t('auth.loginTitle')}
      onClose={onClose}
      closeOnSuccess={false}
      form={form}
      mutation={login}
      toVariables={(values) => values}
      onSuccess={afterPassword}
      operation="login"
      submitLabel={t('auth.loginSubmit')}
      footer={
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => onSwitch('forgot')}>
            {t('auth.forgotLink')}
          </Anchor>
          <Text size="sm">
            {t('auth.noAccount')}{' '}
            <Anchor component="button" type="button" onClick={() => onSwitch('signup')}>
              {t('auth.createAccountLink')}
            </Anchor>
          </Text>
        </Group>
      }
    >
      <TextInput label={t('fields.email')} type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
      <CurrentPasswordField label={t('fields.password')} {...form.getInputProps('password')} />
    </FormModal>
  );
}
