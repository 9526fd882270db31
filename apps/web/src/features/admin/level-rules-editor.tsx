import { Alert, Button, Group, List, NativeSelect, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  quizAnswerValues,
  quizLevels,
  quizRuleLevels,
  quizRulesAreUnsafe,
  QUIZ_RULE_COUNT_MAX,
  type QuizAnswerValue,
  type QuizLevelRules,
  type QuizRuleLevel,
} from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { errorText, fieldErrors } from '../../lib/api-errors.ts';
import { useQuizLevelRules, useSaveQuizLevelRules } from './quiz-api.ts';
import { ConsoleTable, type ConsoleColumn } from '../../components/console-table.tsx';

interface RuleValues {
  level: QuizRuleLevel;
  letter: QuizAnswerValue;
  min: number | string;
  max: number | string;
}

/** The level rules (checked in order) and which levels they can reach with the current questions. */
export function LevelRulesEditor() {
  const { t } = useTranslation();
  const rules = useQuizLevelRules();
  return (
    <Stack gap="md" component="section" aria-labelledby="level-rules-title">
      <Title order={2} id="level-rules-title">
        {t('adminQuiz.rulesTitle')}
      </Title>
      <Text>{t('adminQuiz.rulesText')}</Text>
      {rules.isError && (
        <Alert color="danger" role="alert">
          {errorText(t, rules.error)}
        </Alert>
      )}
      {rules.data && (
        // A new form whenever the saved rules change (after Save or a change of the questions).
        <RulesForm key={JSON.stringify(rules.data.rules)} data={rules.data} />
      )}
      {rules.data && <Reachable data={rules.data} />}
    </Stack>
  );
}

function RulesForm({ data }: { data: QuizLevelRules }) {
  const { t } = useTranslation();
  const save = useSaveQuizLevelRules();
  const form = useForm<{ rules: RuleValues[] }>({
    initialValues: { rules: data.rules.map((rule) => ({ ...rule })) },
    validate: {
      rules: {
        min: (value) => (isCount(value) ? null : t('adminQuiz.countRange', { max: data.question_count })),
        max: (value, values, path) => {
          if (!isCount(value)) return t('adminQuiz.countRange', { max: data.question_count });
          const index = Number(path.split('.')[1]);
          const min = values.rules[index]?.min;
          return isCount(min) && Number(min) > Number(value) ? t('adminQuiz.maxBelowMin') : null;
        },
      },
    },
  });

  const submit = form.onSubmit((values) => {
    const rules = values.rules.map((rule) => ({ level: rule.level, letter: rule.letter, min: Number(rule.min), max: Number(rule.max) }));
    // The server refuses these too (docs/product.md §4 "Self-check"): someone distressed in every answer is always told red.
    if (quizRulesAreUnsafe(rules, data.question_count)) {
      form.setFieldError('rules', t('adminQuiz.unsafe', { count: data.question_count }));
      return;
    }
    // The saved rules read again make this form anew (its key), which would drop mutate()'s callbacks: a promise keeps them.
    void save.mutateAsync({ rules }).then(
      () => notifications.show({ message: t('adminQuiz.rulesSaved') }),
      (error: unknown) => form.setErrors(fieldErrors(t, error)),
    );
  });

  const columns: ConsoleColumn<RuleValues>[] = [
    { header: t('adminQuiz.order'), cell: (_rule, index) => index + 1 },
    {
      header: t('adminQuiz.level'),
      cell: (_rule, index) => (
        <NativeSelect
          aria-label={t('adminQuiz.ruleLevel', { number: index + 1 })}
          data={quizRuleLevels.map((level) => ({ value: level, label: t(`quiz.levels.${level}`) }))}
          {...form.getInputProps(`rules.${index}.level`)}
        />
      ),
    },
    {
      header: t('adminQuiz.letter'),
      cell: (_rule, index) => (
        <NativeSelect
          aria-label={t('adminQuiz.ruleLetter', { number: index + 1 })}
          data={[...quizAnswerValues]}
          {...form.getInputProps(`rules.${index}.letter`)}
        />
      ),
    },
    {
      header: t('adminQuiz.min'),
      cell: (rule, index) => (
        <NumberInput
          aria-label={t('adminQuiz.ruleMin', { number: index + 1, level: t(`quiz.levels.${rule.level}`) })}
          min={0}
          max={QUIZ_RULE_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`rules.${index}.min`)}
        />
      ),
    },
    {
      header: t('adminQuiz.max'),
      cell: (rule, index) => (
        <NumberInput
          aria-label={t('adminQuiz.ruleMax', { number: index + 1, level: t(`quiz.levels.${rule.level}`) })}
          min={0}
          max={QUIZ_RULE_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps(`rules.${index}.max`)}
        />
      ),
    },
  ];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ConsoleTable
          label={t('adminQuiz.rulesTitle')}
          caption={t('adminQuiz.rulesCaption', { count: data.question_count })}
          minWidth={560}
          columns={columns}
          rows={form.values.rules}
          rowKey={(_rule, index) => index}
        />
        {typeof form.errors.rules === 'string' && (
          <Alert color="danger" role="alert">
            {form.errors.rules}
          </Alert>
        )}
        <FormError error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('adminQuiz.saveRules')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const isCount = (value: number | string | undefined) =>
  value !== '' && value !== undefined && Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= QUIZ_RULE_COUNT_MAX;

function Reachable({ data }: { data: QuizLevelRules }) {
  const { t } = useTranslation();
  const never = quizLevels.filter((level) => !data.reachable[level]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="reachable-title">
      <Title order={3} fz="lg" id="reachable-title">
        {t('adminQuiz.reachableTitle')}
      </Title>
      <List aria-labelledby="reachable-title">
        {quizLevels.map((level) => (
          <List.Item key={level}>
            {t(data.reachable[level] ? 'adminQuiz.reachableYes' : 'adminQuiz.reachableNo', { level: t(`quiz.levels.${level}`) })}
          </List.Item>
        ))}
      </List>
      {never.some((level) => level !== 'unknown') && (
        <Alert color="gray" role="status" title={t('adminQuiz.unreachableTitle')}>
          {t('adminQuiz.unreachableText', {
            levels: never
              .filter((level) => level !== 'unknown')
              .map((level) => t(`quiz.levels.${level}`))
              .join(', '),
            count: data.question_count,
          })}
        </Alert>
      )}
    </Stack>
  );
}
