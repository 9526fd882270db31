import { Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import type { PatientCard } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { CrisisHelp, QuizLevelMark } from '../../components/quiz-level.tsx';
import { QuizResultsTable } from '../../components/quiz-results-table.tsx';

import { latestRecommendation, usePatientCard } from '../../lib/patient-card.ts';
import { parseQuizNote } from '../../lib/quiz.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';
import { AdviceCard } from './advice-card.tsx';
import { dateTimeText } from '../../lib/format.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The server's completion note ("<level>, A: n, B: n, C: n") in the reader's language; other notes as written. */
function noteText(t: Translate, text: string): string {
  const note = parseQuizNote(text);
  if (!note) return text;
  return t('quiz.noteResult', { level: t(`quiz.levels.${note.level}`), a: note.counts.A, b: note.counts.B, c: note.counts.C });
}

function quizAction(card: PatientCard): 'take' | 'continue' | 'retake' {
  if (!card.patient_quizz_is_completed && card.patient_quizz_results.length > 0) return 'continue';
  return card.patient_quizz_recommendations.length > 0 ? 'retake' : 'take';
}

/**
 * Where to get help now, above every tab of the cabinet, while the latest self-check is red (docs/product.md §4 "Self-check": also
 * for a patient whose stored result became red when the levels were read safety first).
 */
export function CrisisHelpWhileRed({ cardId }: { cardId: string }) {
  const card = usePatientCard(cardId);
  const latest = card.data && latestRecommendation(card.data);
  return latest?.quiz_recommendation_level === 'red' ? <CrisisHelp /> : null;
}

/** "My card": the latest self-check result, the doctors' advice, the history of results and the notes. */
export function CardTab({ cardId, patientId }: { cardId: string; patientId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const card = usePatientCard(cardId);
  if (card.error) return <FormError error={card.error} />;
  if (!card.data) return <Loader role="status" aria-label={t('common.loading')} />;
  const locale = i18n.resolvedLanguage ?? 'en';
  const latest = latestRecommendation(card.data);
  const history = [...card.data.patient_quizz_recommendations].reverse();
  const notes = [...card.data.patient_notes].reverse();

  return (
    <Stack gap="lg">
      <SectionCard title={t('card.latestTitle')} titleId="card-latest-title">
        {latest ? (
          <>
            <Text size="sm">{dateTimeText(latest.quiz_recommendation_date, locale)}</Text>
            <Group gap="xs">
              <Text>{t('quiz.level')}</Text>
              <QuizLevelMark level={latest.quiz_recommendation_level} />
            </Group>
            <Text fw={600}>{t(`quiz.advice.${latest.quiz_recommendation_level}.title`)}</Text>
            <Text>{t(`quiz.advice.${latest.quiz_recommendation_level}.text`)}</Text>
          </>
        ) : (
          <Text>{t('card.noResult')}</Text>
        )}
        <div>
          <Button component={Link} to={appPaths.quiz}>
            {t(`card.quiz.${quizAction(card.data)}`)}
          </Button>
        </div>
      </SectionCard>

      {patientId && <AdviceCard patientId={patientId} />}

      {history.length > 0 && (
        <SectionCard title={t('card.historyTitle')} titleId="card-history-title">
          <QuizResultsTable results={history} />
        </SectionCard>
      )}

      <SectionCard title={t('card.notesTitle')} titleId="card-notes-title">
        {notes.length > 0 ? (
          <List spacing="xs">
            {notes.map((note) => (
              <List.Item key={note.note_id}>
                <Text component="span" size="sm" fw={600}>
                  {dateTimeText(note.note_date, locale)}
                </Text>
                {' — '}
                {noteText(t, note.note_text)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text>{t('card.noNotes')}</Text>
        )}
      </SectionCard>
    </Stack>
  );
}
