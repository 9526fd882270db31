import { Badge, Group, Stack, Text } from '@mantine/core';
import { DISTRESSED_ANSWER, type PatientCard } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { useQuizQuestions } from '../../lib/patient-card.ts';
import { answeredQuestions } from './self-check-answers.ts';

/**
 * Each answer of the patient's latest self-check, folded: the crisis and distressed answers first, so the doctor reads
 * what matters before the totals hide it. While a retake is under way the card holds its partial answers, not these.
 */
export function SelfCheckAnswers({ card }: { card: PatientCard }) {
  const { t, i18n } = useTranslation();
  const questions = useQuizQuestions();
  if (!card.patient_quizz_is_completed || card.patient_quizz_results.length === 0 || !questions.data) return null;
  const language = i18n.resolvedLanguage === 'uk' ? 'uk' : 'en';
  const answered = answeredQuestions(questions.data, card.patient_quizz_results);
  const distressed = answered.filter((item) => item.value === DISTRESSED_ANSWER).length;
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>
        {t('doctorPatients.answers.summary', { count: answered.length, distressed })}
      </summary>
      <Stack component="ol" gap="xs" p={0} mt="sm" mb={0} style={{ listStyle: 'none' }}>
        {answered.map((item) => (
          <li key={item.question.id}>
            <Text size="sm">
              {item.question.question_order}. {item.question.question_text[language]}
            </Text>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {item.answerText[language]}
              </Text>
              <Badge variant="outline" color={item.value === DISTRESSED_ANSWER ? 'danger' : 'gray'} c="var(--mantine-color-text)">
                {t(`doctorPatients.answers.kind.${item.value}`)}
              </Badge>
              {item.crisis && (
                <Badge color="danger" variant="filled">
                  {t('doctorPatients.answers.crisis')}
                </Badge>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </details>
  );
}
