import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FaqQuestion, FaqTopic } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useSaveQuestion } from './faq-api.ts';

/**
 * Said under a topic's questions after one is saved unpublished: it is a draft that /faq does not show, with Publish
 * right there (and a word when the topic is a draft too, which hides its questions as well).
 */
export function FaqDraftNotice({ question, topic, onClose }: { question: FaqQuestion; topic: FaqTopic; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const publish = useSaveQuestion();
  const { topicId, position, answer } = question;
  const onPublish = () =>
    publish.mutate(
      { id: question.id, body: { topicId, question: question.question, answer, position, isPublished: true } },
      {
        onSuccess: () => {
          notifications.show({ message: t(topic.isPublished ? 'faqAdmin.publishedNow' : 'faqAdmin.publishedTopicDraft') });
          onClose();
        },
      },
    );
  return (
    <Alert
      role="status"
      color="yellow"
      title={t('faqAdmin.savedAsDraft')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text size="sm">{t('faqAdmin.draftText', { name: question.question[locale] })}</Text>
        {!topic.isPublished && <Text size="sm">{t('faqAdmin.topicDraftToo', { topic: topic.title[locale] })}</Text>}
        <FormError error={publish.error} />
        <Group>
          <Button size="xs" loading={publish.isPending} onClick={onPublish}>
            {t('faqAdmin.publish')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
