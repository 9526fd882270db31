import { Alert, Anchor, Container, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { SectionCard } from '../../components/section-card.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { readAuthToken } from '../../lib/auth-token.ts';
import { appPaths } from '../../lib/paths.ts';
import { AccountStep } from './account-step.tsx';
import { ApplicationView } from './application-view.tsx';

const offers = ['patients', 'schedule', 'tools', 'payments'] as const;

/**
 * `/for-specialists`: what the service offers specialists and the 4-step sign-up (account, profile, diploma,
 * review). An applicant (role `none`) sees its current step or the application's status here, and nothing else; a
 * doctor is sent to its console (with a welcome when this page saw the approval happen).
 */
export function SpecialistSignUpPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [approved, setApproved] = useState(false);
  const onApproved = useCallback(() => setApproved(true), []);
  const restoring = !user && Boolean(readAuthToken());
  // `approved` in the navigation's state makes the doctor console greet the new doctor (features/doctor).
  if (user?.user_role === 'doctor') return <Navigate to={appPaths.doctor} replace state={approved ? { approved: true } : undefined} />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('specialistSignUp.title')}</Title>
          <Text mt="xs">{t('specialistSignUp.lead')}</Text>
        </div>
        {restoring ? (
          <Loader role="status" aria-label={t('common.loading')} />
        ) : user?.user_role === 'none' ? (
          <ApplicationView email={user.email} onApproved={onApproved} />
        ) : (
          <>
            <SectionCard title={t('specialistSignUp.offersTitle')}>
              <List spacing="xs">
                {offers.map((offer) => (
                  <List.Item key={offer}>{t(`specialistSignUp.offers.${offer}`)}</List.Item>
                ))}
              </List>
              <Text size="sm">{t('specialistSignUp.howItWorks')}</Text>
            </SectionCard>
            {user ? (
              <Alert color="gray">{t('specialistSignUp.signedInOther')}</Alert>
            ) : (
              <>
                <AccountStep />
                <Text>
                  {t('specialistSignUp.alreadyApplied')}{' '}
                  <Anchor component={Link} to="?auth=login">
                    {t('specialistSignUp.logInToApplication')}
                  </Anchor>
                </Text>
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
