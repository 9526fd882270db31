import { Alert, Button, Loader, Text } from '@mantine/core';
import type { SpecialistApplication } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
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

/** The applicant's part of the page: its step of the sign-up, or the status of the sent application. */
export function ApplicationView({ email }: { email: string }) {
  const { t } = useTranslation();
  const application = useMyApplication(true);
  const [chosen, setChosen] = useState<Exclude<SignUpStep, 'account'> | null>(null);

  if (application.isPending) return <Loader aria-label={t('common.loading')} />;
  if (application.isError) return <FormError error={application.error} />;
  const current = application.data;

  if (current.status === 'submitted' || current.status === 'approved') {
    const approved = current.status === 'approved';
    return (
      <SectionCard title={t(approved ? 'specialistSignUp.approvedTitle' : 'specialistSignUp.submittedTitle')}>
        <SignUpSteps current="review" />
        <Text role="status">{approved ? t('specialistSignUp.approvedText') : t('specialistSignUp.submittedText', { email })}</Text>
        {approved && (
          <Button variant="light" onClick={() => void authStore.logout()} style={{ alignSelf: 'flex-start' }}>
            {t('specialistSignUp.signInAgain')}
          </Button>
        )}
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
