import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isRecoveryCode, isTotpCode, normaliseSecondFactorCode, type User } from '@rozmova/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { twoFactorErrorText } from '../../lib/two-factor-errors.ts';
import { useVerifySecondStep } from './api.ts';

interface Props {
  /** The password step's challenge. */
  challenge: string;
  onSignedIn: (user: User) => void;
  /** Back to the password (also the way on once the challenge is over). */
  onRestart: () => void;
  /** Above the field, before what the step asks for. */
  intro?: ReactNode;
}

type Source = 'app' | 'recovery';

/** The second step of a staff sign-in: the 6-digit code of the authenticator app, or a recovery code instead. */
export function SecondStepForm({ challenge, onSignedIn, onRestart, intro }: Props) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('app');
  const verify = useVerifySecondStep();
  const input = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) => {
        const code = normaliseSecondFactorCode(value);
        if (source === 'app') return isTotpCode(code) ? null : t('twoFactor.signIn.codeFormat');
        return isRecoveryCode(code) ? null : t('twoFactor.signIn.recoveryFormat');
      },
    },
  });

  // The field of the other source takes the focus when the person switches (the dialog focuses the first one).
  useEffect(() => {
    if (switched.current) input.current?.focus();
  }, [source]);

  const toggle = () => {
    switched.current = true;
    setSource(source === 'app' ? 'recovery' : 'app');
    form.reset();
    verify.reset();
  };
  const submit = form.onSubmit(({ code }) => verify.mutate({ challenge, code }, { onSuccess: onSignedIn }));
  const app = source === 'app';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {intro}
        <Text>{t(app ? 'twoFactor.signIn.intro' : 'twoFactor.signIn.recoveryIntro')}</Text>
        <TextInput
          key={source}
          ref={input}
          label={t(app ? 'twoFactor.signIn.code' : 'twoFactor.signIn.recoveryCode')}
          inputMode={app ? 'numeric' : 'text'}
          autoComplete={app ? 'one-time-code' : 'off'}
          autoCapitalize={app ? undefined : 'characters'}
          spellCheck={false}
          maxLength={app ? 7 : 11}
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        {verify.error && (
          <Alert color="danger" role="alert">
            {twoFactorErrorText(t, verify.error)}
          </Alert>
        )}
        <div>
          <Anchor component="button" type="button" size="sm" onClick={toggle}>
            {t(app ? 'twoFactor.signIn.useRecovery' : 'twoFactor.signIn.useApp')}
          </Anchor>
        </div>
        <Group justify="space-between" gap="xs">
          <Button variant="default" onClick={onRestart}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={verify.isPending}>
            {t('twoFactor.signIn.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
