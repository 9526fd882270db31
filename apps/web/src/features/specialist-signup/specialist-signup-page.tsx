import { Alert, Container, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { readAuthToken } from '../../lib/auth-token.ts';
import { AccountStep } from './account-step.tsx';
import { ApplicationView } from './application-view.tsx';

const offers = ['patients', 'schedule', 'tools', 'payments'] as const;

/**
 * `/for-specialists`: what the service offers specialists and the 4-step sign-up (account, profile, diploma,
 * review). An applicant (role `none`) sees its current step or the application's status here, and nothing else.
 */
export function SpecialistSignUpPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const restoring = !user && Boolean(readAuthToken());
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('specialistSignUp.title')}</Title>
          <Text mt="xs">{t('specialistSignUp.lead')}</Text>
        </div>
        {restoring ? (
          <Loader aria-label={t('common.loading')} />
        ) : user?.user_role === 'none' ? (
          <ApplicationView email={user.email} />
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
            {user ? <Alert color="gray">{t('specialistSignUp.signedInOther')}</Alert> : <AccountStep />}
          </>
        )}
      </Stack>
    </Container>
  );
}
