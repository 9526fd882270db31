import { Alert, Button, Group, List, NativeSelect, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
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
import { ScrollTable } from '../../components/scroll-table.tsx';

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
    save.mutate(
      { rules },
      {
        onSuccess: () => notifications.show({ message: t('adminQuiz.rulesSaved') }),
        onError: (error) => form.setErrors(fieldErrors(t, error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ScrollTable label={t('adminQuiz.rulesTitle')} minWidth={560}>
          <Table>
            <Table.Caption>{t('adminQuiz.rulesCaption', { count: data.question_count })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminQuiz.order')}</Table.Th>
                <Table.Th>{t('adminQuiz.level')}</Table.Th>
                <Table.Th>{t('adminQuiz.letter')}</Table.Th>
                <Table.Th>{t('adminQuiz.min')}</Table.Th>
                <Table.Th>{t('adminQuiz.max')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.rules.map((rule, index) => {
                const number = index + 1;
                return (
                  <Table.Tr key={index}>
                    <Table.Td>{number}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t('adminQuiz.ruleLevel', { number })}
                        data={quizRuleLevels.map((level) => ({ value: level, label: t(`quiz.levels.${level}`) }))}
                        {...form.getInputProps(`rules.${index}.level`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t('adminQuiz.ruleLetter', { number })}
                        data={[...quizAnswerValues]}
                        {...form.getInputProps(`rules.${index}.letter`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('adminQuiz.ruleMin', { number, level: t(`quiz.levels.${rule.level}`) })}
                        min={0}
                        max={QUIZ_RULE_COUNT_MAX}
                        allowDecimal={false}
                        allowNegative={false}
                        {...form.getInputProps(`rules.${index}.min`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('adminQuiz.ruleMax', { number, level: t(`quiz.levels.${rule.level}`) })}
                        min={0}
                        max={QUIZ_RULE_COUNT_MAX}
                        allowDecimal={false}
                        allowNegative={false}
                        {...form.getInputProps(`rules.${index}.max`)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
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
