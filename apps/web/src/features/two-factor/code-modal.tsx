import { Alert, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isRecoveryCode, isTotpCode, normaliseSecondFactorCode } from '@rozmova/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { twoFactorErrorText } from '../../lib/two-factor-errors.ts';

interface Props<Data, Code extends string | null> {
  title: ReactNode;
  intro: ReactNode;
  submitLabel: ReactNode;
  /** Sent with the code of the current authenticator (or a recovery code). */
  mutation: UseMutationResult<Data, Error, Code, unknown>;
  onDone: (data: Data | undefined) => void;
  onClose: () => void;
}

/** Asks for a code of the authenticator that is on (or a recovery code) before changing it. */
export function CodeModal<Data, Code extends string | null>({ title, intro, submitLabel, mutation, onDone, onClose }: Props<Data, Code>) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) => {
        const code = normaliseSecondFactorCode(value);
        return isTotpCode(code) || isRecoveryCode(code) ? null : t('twoFactor.security.codeFormat');
      },
    },
  });
  return (
    <FormModal
      title={title}
      intro={intro}
      onClose={onClose}
      closeOnSuccess={false}
      form={form}
      mutation={mutation}
      toVariables={({ code }) => normaliseSecondFactorCode(code) as Code}
      onSuccess={onDone}
      formError={
        mutation.error ? (
          <Alert color="danger" role="alert">
            {twoFactorErrorText(t, mutation.error)}
          </Alert>
        ) : null
      }
      submitLabel={submitLabel}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <TextInput
        label={t('twoFactor.security.currentCode')}
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={11}
        required
        data-autofocus
        {...form.getInputProps('code')}
      />
    </FormModal>
  );
}
