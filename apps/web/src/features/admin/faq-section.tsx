import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  type SwitchProps,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { FAQ_ANSWER_MAX, FAQ_TITLE_MAX, type FaqQuestion, type FaqTopic } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormError } from '../../components/form-error.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useDeleteFaqItem, useFaqAdminList, useSaveQuestion, useSaveTopic } from './faq-api.ts';
import { FaqDraftNotice } from './faq-draft-notice.tsx';

const required = (message: string) => (value: string) => (value.trim() ? null : message);
/** The server names nested fields (`title.uk`); the form's fields are flat. */
const renamed = (names: Record<string, string>) => (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, text]) => [names[field] ?? field, text]));

function TopicModal({ topic, onClose }: { topic: FaqTopic | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTopic();
  const form = useForm({
    initialValues: {
      uk: topic?.title.uk ?? '',
      en: topic?.title.en ?? '',
      position: topic?.position ?? 0,
      isPublished: topic?.isPublished ?? false,
    },
    validate: { uk: required(t('faqAdmin.required')), en: required(t('faqAdmin.required')) },
  });
  return (
    <FormModal
      title={topic ? t('faqAdmin.editTopic') : t('faqAdmin.addTopic')}
      onClose={onClose}
      form={form}
      mutation={save}
      toVariables={(values) => ({
        id: topic?.id,
        body: { title: { uk: values.uk.trim(), en: values.en.trim() }, position: values.position, isPublished: values.isPublished },
      })}
      mapFieldErrors={renamed({ 'title.uk': 'uk', 'title.en': 'en' })}
      submitLabel={t('faqAdmin.save')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <TextInput label={t('faqAdmin.titleUk')} required maxLength={FAQ_TITLE_MAX} data-autofocus {...form.getInputProps('uk')} />
      <TextInput label={t('faqAdmin.titleEn')} required maxLength={FAQ_TITLE_MAX} {...form.getInputProps('en')} />
      <NumberInput label={t('faqAdmin.position')} min={0} max={10000} allowDecimal={false} {...form.getInputProps('position')} />
      <PublishSwitch isNew={!topic} hint={t('faqAdmin.topicDraftHint')} {...form.getInputProps('isPublished', { type: 'checkbox' })} />
    </FormModal>
  );
}

/** "Publish now" on a new item ("Published" on a saved one), saying what staying a draft means. */
function PublishSwitch({ isNew, hint, ...input }: { isNew: boolean; hint: string } & SwitchProps) {
  const { t } = useTranslation();
  return <Switch label={t(isNew ? 'faqAdmin.publishNow' : 'faqAdmin.published')} description={hint} {...input} />;
}

function QuestionModal({
  question,
  topicId,
  topics,
  onClose,
  onSaved,
}: {
  question: FaqQuestion | null;
  topicId: string;
  topics: FaqTopic[];
  onClose: () => void;
  onSaved: (saved: FaqQuestion) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const save = useSaveQuestion();
  const form = useForm({
    initialValues: {
      topicId: question?.topicId ?? topicId,
      questionUk: question?.question.uk ?? '',
      questionEn: question?.question.en ?? '',
      answerUk: question?.answer.uk ?? '',
      answerEn: question?.answer.en ?? '',
      position: question?.position ?? 0,
      isPublished: question?.isPublished ?? false,
    },
    validate: {
      questionUk: required(t('faqAdmin.required')),
      questionEn: required(t('faqAdmin.required')),
      answerUk: required(t('faqAdmin.required')),
      answerEn: required(t('faqAdmin.required')),
    },
  });
  return (
    <FormModal
      title={question ? t('faqAdmin.editQuestion') : t('faqAdmin.addQuestion')}
      size="lg"
      onClose={onClose}
      form={form}
      mutation={save}
      toVariables={(values) => ({
        id: question?.id,
        body: {
          topicId: values.topicId,
          question: { uk: values.questionUk.trim(), en: values.questionEn.trim() },
          answer: { uk: values.answerUk.trim(), en: values.answerEn.trim() },
          position: values.position,
          isPublished: values.isPublished,
        },
      })}
      mapFieldErrors={renamed({
        'question.uk': 'questionUk',
        'question.en': 'questionEn',
        'answer.uk': 'answerUk',
        'answer.en': 'answerEn',
      })}
      onSuccess={(saved) => saved && onSaved(saved)}
      submitLabel={t('faqAdmin.save')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <NativeSelect
        label={t('faqAdmin.topic')}
        data={topics.map((topic) => ({ value: topic.id, label: topic.title[locale] }))}
        {...form.getInputProps('topicId')}
      />
      <TextInput label={t('faqAdmin.questionUk')} required maxLength={FAQ_TITLE_MAX} data-autofocus {...form.getInputProps('questionUk')} />
      <Textarea
        label={t('faqAdmin.answerUk')}
        required
        autosize
        minRows={4}
        maxLength={FAQ_ANSWER_MAX}
        {...form.getInputProps('answerUk')}
      />
      <TextInput label={t('faqAdmin.questionEn')} required maxLength={FAQ_TITLE_MAX} {...form.getInputProps('questionEn')} />
      <Textarea
        label={t('faqAdmin.answerEn')}
        required
        autosize
        minRows={4}
        maxLength={FAQ_ANSWER_MAX}
        {...form.getInputProps('answerEn')}
      />
      <NumberInput label={t('faqAdmin.position')} min={0} max={10000} allowDecimal={false} {...form.getInputProps('position')} />
      <PublishSwitch
        isNew={!question}
        hint={t('faqAdmin.questionDraftHint')}
        {...form.getInputProps('isPublished', { type: 'checkbox' })}
      />
    </FormModal>
  );
}

const PublishedBadge = ({ published }: { published: boolean }) => {
  const { t } = useTranslation();
  return (
    <Badge color={published ? 'brand' : 'gray'} variant="outline" c="var(--mantine-color-text)">
      {published ? t('faqAdmin.isPublished') : t('faqAdmin.draft')}
    </Badge>
  );
};

type Editing =
  | { kind: 'topic'; topic: FaqTopic | null }
  | { kind: 'question'; question: FaqQuestion | null; topicId: string }
  | { kind: 'delete'; what: 'topic' | 'question'; id: string; name: string }
  | null;

/** The admin's FAQ editor: topics and their questions in both languages, order, publishing and deleting. */
/** A topic's or a question's two buttons. */
function EditDeleteButtons({ variant, onEdit, onDelete }: { variant: 'light' | 'subtle'; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button size="xs" variant={variant} onClick={onEdit}>
        {t('faqAdmin.edit')}
      </Button>
      <Button size="xs" variant={variant} color="danger" onClick={onDelete}>
        {t('faqAdmin.delete')}
      </Button>
    </Group>
  );
}

export function FaqSection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = useFaqAdminList();
  const remove = useDeleteFaqItem();
  const [editing, setEditing] = useState<Editing>(null);
  const [draftId, setDraftId] = useState<string | null>(null);
  // The notice follows the list: gone once the question is published (here or by editing) or deleted.
  const draft = list.data?.questions.find((question) => question.id === draftId && !question.isPublished);
  const close = () => {
    remove.reset();
    setEditing(null);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('faqAdmin.title')}</Title>
        <Button onClick={() => setEditing({ kind: 'topic', topic: null })}>{t('faqAdmin.addTopic')}</Button>
      </Group>
      {list.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {list.isError && <FormError error={list.error} />}
      {list.data?.topics.length === 0 && <Text c="dimmed">{t('faqAdmin.empty')}</Text>}
      {list.data?.topics.map((topic) => (
        <Card key={topic.id} withBorder component="section" aria-labelledby={`faq-topic-${topic.id}`}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Title order={2} fz="lg" id={`faq-topic-${topic.id}`}>
                  {topic.title[locale]}
                </Title>
                <PublishedBadge published={topic.isPublished} />
              </Group>
              <EditDeleteButtons
                variant="light"
                onEdit={() => setEditing({ kind: 'topic', topic })}
                onDelete={() => setEditing({ kind: 'delete', what: 'topic', id: topic.id, name: topic.title[locale] })}
              />
            </Group>
            {list.data.questions
              .filter((question) => question.topicId === topic.id)
              .map((question) => (
                <Group key={question.id} justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={500}>{question.question[locale]}</Text>
                    <Group gap="xs">
                      <PublishedBadge published={question.isPublished} />
                      <Text size="sm" c="dimmed">
                        {t('faqAdmin.votes', { yes: question.helpfulYes, no: question.helpfulNo })}
                      </Text>
                    </Group>
                  </Stack>
                  <EditDeleteButtons
                    variant="subtle"
                    onEdit={() => setEditing({ kind: 'question', question, topicId: topic.id })}
                    onDelete={() => setEditing({ kind: 'delete', what: 'question', id: question.id, name: question.question[locale] })}
                  />
                </Group>
              ))}
            {draft?.topicId === topic.id && <FaqDraftNotice question={draft} topic={topic} onClose={() => setDraftId(null)} />}
            <Group>
              <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'question', question: null, topicId: topic.id })}>
                {t('faqAdmin.addQuestion')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      {editing?.kind === 'topic' && <TopicModal topic={editing.topic} onClose={close} />}
      {editing?.kind === 'question' && list.data && (
        <QuestionModal
          question={editing.question}
          topicId={editing.topicId}
          topics={list.data.topics}
          onClose={close}
          onSaved={(saved) => setDraftId(saved.isPublished ? null : saved.id)}
        />
      )}
      {editing?.kind === 'delete' && (
        <ConfirmModal
          title={editing.what === 'topic' ? t('faqAdmin.deleteTopicTitle') : t('faqAdmin.deleteQuestionTitle')}
          text={
            editing.what === 'topic'
              ? t('faqAdmin.deleteTopicText', { name: editing.name })
              : t('faqAdmin.deleteQuestionText', { name: editing.name })
          }
          confirmLabel={t('faqAdmin.delete')}
          cancelLabel={t('common.cancel')}
          confirmColor="danger"
          focusCancel
          pending={remove.isPending}
          error={remove.error}
          onClose={close}
          onConfirm={() => remove.mutate({ kind: editing.what, id: editing.id }, { onSuccess: close })}
        />
      )}
    </Stack>
  );
}
