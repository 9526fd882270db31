import { Checkbox, Fieldset, NumberInput, SimpleGrid, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { quizAnswerValues, QUIZ_TEXT_MAX, type QuizAnswerValue, type QuizQuestion } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { useSaveQuizQuestion, type SaveQuizQuestion } from './quiz-api.ts';

interface Props {
  /** Absent: a new question. */
  question?: QuizQuestion;
  /** The number of questions: a new one goes last by default. */
  count: number;
  onClose: () => void;
}

interface Values {
  question_order: number | string;
  question_text: { uk: string; en: string };
  question_answers: { value: QuizAnswerValue; text: { uk: string; en: string } }[];
  question_is_crisis: boolean;
}

function initialValues(question: QuizQuestion | undefined, count: number): Values {
  return {
    question_order: question?.question_order ?? count + 1,
    question_text: { uk: question?.question_text.uk ?? '', en: question?.question_text.en ?? '' },
    question_answers: quizAnswerValues.map((value) => {
      const answer = question?.question_answers.find((item) => item.value === value);
      return { value, text: { uk: answer?.text.uk ?? '', en: answer?.text.en ?? '' } };
    }),
    question_is_crisis: question?.question_is_crisis ?? false,
  };
}

const trimText = (text: { uk: string; en: string }) => ({ uk: text.uk.trim(), en: text.en.trim() });

/** Adds or edits a quiz question: its text and its three answers A, B, C in both languages, and its position. */
export function QuestionModal({ question, count, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveQuizQuestion();
  const maxOrder = question ? count : count + 1;
  const required = (value: string) => (value.trim() ? null : t('adminQuiz.textRequired'));
  const form = useForm<Values>({
    initialValues: initialValues(question, count),
    validate: {
      question_order: (value) => {
        const order = Number(value);
        return Number.isInteger(order) && order >= 1 && order <= maxOrder ? null : t('adminQuiz.positionRange', { max: maxOrder });
      },
      question_text: { uk: required, en: required },
      question_answers: { text: { uk: required, en: required } },
    },
  });

  const toVariables = (values: Values): SaveQuizQuestion | null => {
    const body = {
      question_order: Number(values.question_order),
      question_text: trimText(values.question_text),
      question_answers: values.question_answers.map((answer) => ({ value: answer.value, text: trimText(answer.text) })),
      question_is_crisis: values.question_is_crisis,
    };
    if (question) {
      // Only what changed: unchanged answers keep their ids, so patients' saved answers stay valid.
      const before = initialValues(question, count);
      const changed = {
        question_order: body.question_order !== question.question_order ? body.question_order : undefined,
        question_text:
          JSON.stringify(body.question_text) !== JSON.stringify(trimText(before.question_text)) ? body.question_text : undefined,
        question_answers:
          JSON.stringify(body.question_answers) !==
          JSON.stringify(before.question_answers.map((a) => ({ value: a.value, text: trimText(a.text) })))
            ? body.question_answers
            : undefined,
        question_is_crisis: body.question_is_crisis !== question.question_is_crisis ? body.question_is_crisis : undefined,
      };
      // Nothing changed: the dialog just closes.
      if (Object.values(changed).every((value) => value === undefined)) return null;
      return { id: question.id, body: changed };
    }
    return { body };
  };

  return (
    <FormModal
      title={question ? t('adminQuiz.editTitle', { number: question.question_order }) : t('adminQuiz.addTitle')}
      size="lg"
      onClose={onClose}
      form={form}
      mutation={save}
      toVariables={toVariables}
      onSuccess={(_data, variables) => variables && notifications.show({ message: t(question ? 'adminQuiz.saved' : 'adminQuiz.added') })}
      submitLabel={question ? t('adminQuiz.save') : t('adminQuiz.add')}
      gap="md"
    >
      <Textarea
        label={t('adminQuiz.textUk')}
        required
        autosize
        minRows={2}
        maxLength={QUIZ_TEXT_MAX}
        data-autofocus
        {...form.getInputProps('question_text.uk')}
      />
      <Textarea
        label={t('adminQuiz.textEn')}
        required
        autosize
        minRows={2}
        maxLength={QUIZ_TEXT_MAX}
        {...form.getInputProps('question_text.en')}
      />
      {form.values.question_answers.map((answer, index) => (
        <Fieldset key={answer.value} legend={t('adminQuiz.answer', { letter: answer.value })}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Textarea
              label={t('adminQuiz.answerUk', { letter: answer.value })}
              required
              autosize
              maxLength={QUIZ_TEXT_MAX}
              {...form.getInputProps(`question_answers.${index}.text.uk`)}
            />
            <Textarea
              label={t('adminQuiz.answerEn', { letter: answer.value })}
              required
              autosize
              maxLength={QUIZ_TEXT_MAX}
              {...form.getInputProps(`question_answers.${index}.text.en`)}
            />
          </SimpleGrid>
        </Fieldset>
      ))}
      <Checkbox
        label={t('adminQuiz.crisis')}
        description={t('adminQuiz.crisisHint')}
        {...form.getInputProps('question_is_crisis', { type: 'checkbox' })}
      />
      <NumberInput
        label={t('adminQuiz.position')}
        description={t('adminQuiz.positionHint', { max: maxOrder })}
        min={1}
        max={maxOrder}
        allowDecimal={false}
        allowNegative={false}
        w={{ base: '100%', sm: 200 }}
        {...form.getInputProps('question_order')}
      />
    </FormModal>
  );
}
