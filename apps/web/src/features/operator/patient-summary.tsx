import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Patient } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { QuizLevelMark } from '../../components/quiz-level.tsx';

import { latestRecommendation, usePatientCard } from '../../lib/patient-card.ts';
import { parseQuizScore } from '@rozmova/contracts';
import { dateTimeText } from '../../lib/format.ts';

/** The patient's profile and self-check results: the inbox's side panel and the patient page show the same. */
export function PanelHeading({ children }: { children: string }) {
  return (
    <Title order={3} fz="md">
      {children}
    </Title>
  );
}

export function Profile({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.profile')}</PanelHeading>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {patient.user_name}
      </Text>
      <Anchor href={`mailto:${patient.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {patient.email}
      </Anchor>
      {patient.phone ? (
        <Anchor href={`tel:${patient.phone}`} size="sm">
          {patient.phone}
        </Anchor>
      ) : (
        <Text size="sm">{t('operator.patient.noPhone')}</Text>
      )}
      <Text size="sm">{t('operator.patient.since', { date: dateTimeText(patient.created_at, i18n.resolvedLanguage ?? 'en') })}</Text>
    </Stack>
  );
}

export function SelfCheck({ cardId }: { cardId: string }) {
  const { t, i18n } = useTranslation();
  const card = usePatientCard(cardId);
  const latest = latestRecommendation(card.data);
  const counts = latest && parseQuizScore(latest.quiz_recommendation_score);
  return (
    <Stack gap={4}>
      <PanelHeading>{t('operator.patient.card')}</PanelHeading>
      <FormError error={card.error} />
      {card.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {card.data && !latest && <Text size="sm">{t('operator.patient.noSelfCheck')}</Text>}
      {latest && (
        <>
          <Group gap="xs">
            <Text size="sm">{t('quiz.level')}</Text>
            <QuizLevelMark level={latest.quiz_recommendation_level} />
          </Group>
          <Text size="sm">{dateTimeText(latest.quiz_recommendation_date, i18n.resolvedLanguage ?? 'en')}</Text>
          {latest.quiz_recommendation_title && (
            <Text size="sm" fw={500}>
              {latest.quiz_recommendation_title}
            </Text>
          )}
          {counts && <Text size="sm">{t('quiz.counts', { a: counts.A, b: counts.B, c: counts.C })}</Text>}
          {card.data && card.data.patient_quizz_recommendations.length > 1 && (
            <Text size="sm">{t('operator.patient.selfChecks', { n: card.data.patient_quizz_recommendations.length })}</Text>
          )}
        </>
      )}
      {card.data && <Text size="sm">{t('operator.patient.freeConsultations', { n: card.data.patient_available_free_consultations })}</Text>}
    </Stack>
  );
}
