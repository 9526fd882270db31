import { Alert, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SpecialistApplication } from '@rozmova/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { useMyApplication } from './api.ts';
import { DiplomaStep } from './diploma-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { SignUpSteps, type SignUpStep } from './sign-up-steps.tsx';

/** Where an application that can still be changed continues: the first step that is not done. */
export function nextStepOf(application: SpecialistApplication): Exclude<SignUpStep, 'account'> {
  if (!application.name_en || application.specialisations.length === 0 || !application.bio.uk || !application.bio.en) return 'profile';
  return application.diploma ? 'review' : 'diploma';
}

/**
 * The applicant's part of the page: its step of the sign-up, or the status of the sent application. An approval (the
 * status, or the applicant routes refusing the account that is a doctor now) reloads the profile, and `onApproved`
 * tells the page, which then opens the doctor console; the session carries on.
 */
export function ApplicationView({ email, onApproved }: { email: string; onApproved: () => void }) {
  const { t } = useTranslation();
  const application = useMyApplication(true);
  const [chosen, setChosen] = useState<Exclude<SignUpStep, 'account'> | null>(null);
  const refused = application.error instanceof ApiError ? application.error.status : undefined;
  const approved = application.data?.status === 'approved' || refused === 403;

  useEffect(() => {
    if (approved) {
      onApproved();
      authStore.loadProfile().catch(() => undefined);
    } else if (refused === 401) {
      // The session ended meanwhile (logout elsewhere, or idle): the person signs in again from the header.
      authStore.forgetSession();
      notifications.show({ color: 'danger', message: t('errors.code.UNAUTHORIZED') });
    }
  }, [approved, refused, onApproved, t]);

  if (approved) {
    return (
      <SectionCard title={t('specialistSignUp.approvedTitle')}>
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">{t('specialistSignUp.approvedText')}</Text>
        </Group>
      </SectionCard>
    );
  }
  if (application.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (application.isError) return <FormError error={application.error} />;
  const current = application.data;

  if (current.status === 'submitted') {
    return (
      <SectionCard title={t('specialistSignUp.submittedTitle')}>
        <SignUpSteps current="review" />
        <Text role="status">{t('specialistSignUp.submittedText', { email })}</Text>
      </SectionCard>
    );
  }

  const step = chosen ?? nextStepOf(current);
  return (
    <>
      {current.status === 'rejected' && (
        <Alert color="danger" title={t('specialistSignUp.rejectedTitle')}>
          <Text size="sm" fw={600}>
            {t('specialistSignUp.reason')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {current.rejection_reason}
          </Text>
          <Text size="sm" mt="xs">
            {t('specialistSignUp.rejectedText')}
          </Text>
        </Alert>
      )}
      {step === 'profile' && <ProfileStep application={current} onDone={() => setChosen('diploma')} />}
      {step === 'diploma' && <DiplomaStep application={current} onBack={() => setChosen('profile')} onDone={() => setChosen('review')} />}
      {step === 'review' && <ReviewStep application={current} onEdit={setChosen} />}
    </>
  );
}
