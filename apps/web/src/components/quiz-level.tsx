import { Alert, Anchor, Box, Button, Group, List, Text, Title } from '@mantine/core';
import type { QuizLevel } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth-store.ts';
import { SectionCard } from './section-card.tsx';
import { appPaths } from '../lib/paths.ts';

const levelColour: Record<QuizLevel, string> = {
  red: 'var(--mantine-color-danger-filled)',
  yellow: 'var(--mantine-color-yellow-5)',
  green: 'var(--mantine-color-green-7)',
  unknown: 'var(--mantine-color-gray-5)',
};

/** A level as a coloured dot and its name: the colour is never the only sign. */
export function QuizLevelMark({ level }: { level: QuizLevel }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" component="span" display="inline-flex">
      <Box component="span" aria-hidden="true" w={12} h={12} bg={levelColour[level]} style={{ borderRadius: '50%', flex: 'none' }} />
      <Text component="span" fw={600}>
        {t(`quiz.levels.${level}`)}
      </Text>
    </Group>
  );
}

/** The links on the red background take the text colour (the brand green is too faint there), underlined to stand out. */
const helpLink = { inherit: true, fw: 700, c: 'var(--mantine-color-text)', underline: 'always' } as const;

/** Where to get help at once: a crisis line, the emergency number, a specialist to book and a way to ask us (docs/product.md §4 "Self-check": red). */
export function CrisisHelp() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // A patient books at step 1 with the suggested specialisation; anyone else sees the specialists first.
  const bookingLink = user?.role_specific_data.patient
    ? appPaths.bookingStep(1, { specialisation: 'psychotherapist' })
    : appPaths.specialists({ specialisation: 'psychotherapist' });
  return (
    <Alert color="danger" variant="light" title={t('quiz.helpTitle')} role="region">
      <Text size="sm" mb="xs">
        {t('quiz.helpText')}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          {t('quiz.helpLifeline')}{' '}
          <Anchor href="tel:7333" {...helpLink}>
            7333
          </Anchor>{' '}
          {t('quiz.helpLifelineFree')}
        </List.Item>
        <List.Item>
          {t('quiz.helpEmergency')}{' '}
          <Anchor href="tel:112" {...helpLink}>
            112
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={bookingLink} {...helpLink}>
            {t('booking.crisisLink')}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={appPaths.contacts} {...helpLink}>
            {t('quiz.helpContact')}
          </Anchor>
        </List.Item>
      </List>
    </Alert>
  );
}

/** The advice for a level, from the locales: a result is read in the reader's language, whatever language it was made in. */
export function QuizAdvice({ level, titleId }: { level: QuizLevel; titleId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} fz="xl" id={titleId}>
        {t(`quiz.advice.${level}.title`)}
      </Title>
      <Group gap="xs">
        <Text>{t('quiz.level')}</Text>
        <QuizLevelMark level={level} />
      </Group>
      <Text>{t(`quiz.advice.${level}.text`)}</Text>
    </>
  );
}

/**
 * What to do after a result, for every level (never a dead end): book a specialist (a patient at step 1, anyone else
 * on the specialists page) and take the self-check again.
 */
export function QuizNextSteps({ level, onRetake }: { level: QuizLevel; onRetake: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const filter = { specialisation: level === 'red' ? 'psychotherapist' : undefined };
  const bookingLink = user?.role_specific_data.patient ? appPaths.bookingStep(1, filter) : appPaths.specialists(filter);
  return (
    <SectionCard title={t('quiz.nextTitle')} titleId="quiz-next-title">
      <Text>{t(`quiz.nextSteps.${level}`)}</Text>
      <Group gap="sm">
        <Button component={Link} to={bookingLink}>
          {t('quiz.bookSpecialist')}
        </Button>
        <Button variant="default" onClick={onRetake}>
          {t('quiz.retake')}
        </Button>
      </Group>
    </SectionCard>
  );
}
