import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CodePurpose } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { isVerificationCode } from '../../lib/validation.ts';
import { useCheckCode, useSendCode } from './api.ts';
import { ResendCodeButton } from './resend-code-button.tsx';

interface Props {
  email: string;
  purpose: CodePurpose;
  onBack: () => void;
  onConfirmed: (code: string) => void;
}

/** Asks for the 6-digit code sent by e-mail, checks it and can send it again. */
export function CodeStep({ email, purpose, onBack, onConfirmed }: Props) {
  const { t } = useTranslation();
  const check = useCheckCode();
  const resend = useSendCode(purpose);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (isVerificationCode(value) ? null : t('validation.code')) },
  });

  const submit = form.onSubmit(({ code }) => {
    resend.reset();
    check.mutate({ email, code, type: purpose }, { onSuccess: () => onConfirmed(code) });
  });
  const sendAgain = () => {
    check.reset();
    return resend.mutateAsync({ email, locale: currentLocale() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>{t('auth.codeSent', { email })}</Text>
        <TextInput
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <FormError error={check.error} operation="checkCode" />
        <FormError error={resend.error} operation={purpose === 'register' ? 'sendRegisterCode' : 'sendRecoveryCode'} />
        {resend.isSuccess && (
          <Text size="sm" role="status">
            {t('auth.codeResent')}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Button variant="default" onClick={onBack}>
            {t('common.back')}
          </Button>
          <Group gap="xs">
            <ResendCodeButton onResend={sendAgain} loading={resend.isPending} />
            <Button type="submit" loading={check.isPending}>
              {t('auth.confirmCode')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
