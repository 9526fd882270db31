import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { appPaths } from '../../lib/paths.ts';
import { readSecondStep } from '../../lib/second-step.ts';
import { isChallengeOver, twoFactorErrorText } from '../../lib/two-factor-errors.ts';
import { useConfirmEnrolment, useEnrolmentSetup } from './api.ts';
import { AuthenticatorSetupView } from './authenticator-setup.tsx';
import { RecoveryCodesView } from './recovery-codes.tsx';

/**
 * `/sign-in/authenticator`: a member of staff whose role signs in with two factors and who has no authenticator yet
 * sets one up between the password and the session (the sign-in dialog kept the challenge for this tab). The first
 * code signs in; the recovery codes are shown once before the console opens.
 */
export function TwoFactorEnrolmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge] = useState(() => {
    const kept = readSecondStep();
    return kept?.second_step === 'enrol' ? kept.challenge : undefined;
  });
  const setup = useEnrolmentSetup(challenge);
  const confirm = useConfirmEnrolment();
  const [done, setDone] = useState<{ user: User; recoveryCodes: string[] } | null>(null);
  const over = !challenge || isChallengeOver(setup.error) || isChallengeOver(confirm.error);

  let body;
  if (done) {
    body = (
      <RecoveryCodesView
        codes={done.recoveryCodes}
        email={done.user.email}
        onDone={() => void navigate(appPaths.homeOf(done.user.user_role))}
      />
    );
  } else if (over) {
    body = (
      <>
        <Alert color="yellow" role="alert">
          {t('twoFactor.setup.expired')}
        </Alert>
        <div>
          <Button component={Link} to={`${appPaths.home}?auth=login`}>
            {t('twoFactor.setup.signInAgain')}
          </Button>
        </div>
      </>
    );
  } else if (setup.data && challenge) {
    body = (
      <>
        <Text>{t('twoFactor.setup.requiredIntro')}</Text>
        <AuthenticatorSetupView
          setup={setup.data}
          pending={confirm.isPending}
          error={confirm.error}
          onConfirm={(code) => confirm.mutate({ challenge, code }, { onSuccess: setDone })}
        />
      </>
    );
  } else if (setup.error) {
    body = (
      <Alert color="danger" role="alert">
        {twoFactorErrorText(t, setup.error)}
      </Alert>
    );
  } else {
    body = <Loader aria-label={t('common.loading')} />;
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('twoFactor.setup.title')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
