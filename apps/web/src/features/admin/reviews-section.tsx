import { Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { feedbackTypes, reviewStatuses, type Review } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { CONSOLE_PAGE_SIZE, optionOf, useModerateReview, useReviews, type ReviewsFilter } from './console-api.ts';
import { LoadError, ConsolePages } from '../../components/console-table.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { dateTimeText } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

const statusColor = { new: 'blue', published: 'brand', hidden: 'gray' } as const;

function HideModal({ review, onClose }: { review: Review; onClose: () => void }) {
  const { t } = useTranslation();
  const moderate = useModerateReview();
  return (
    <ReasonModal
      title={t('adminConsole.reviews.hideTitle')}
      label={t('adminConsole.reviews.reason')}
      description={t('adminConsole.reviews.reasonHint')}
      requiredText={t('adminConsole.reviews.reasonRequired')}
      initialReason={review.moderation_reason ?? ''}
      mutation={moderate}
      toVariables={(reason) => ({ id: review.id, action: 'hide' as const, reason })}
      submitLabel={t('adminConsole.reviews.hide')}
      doneText={t('adminConsole.reviews.hidden')}
      onClose={onClose}
    />
  );
}

function ReviewCard({ review, onHide }: { review: Review; onHide: () => void }) {
  const { t } = useTranslation();
  const moderate = useModerateReview();
  const author = review.is_anonymous ? t('adminConsole.reviews.anonymous', { name: review.feedback_user_name }) : review.feedback_user_name;
  return (
    <Card
      withBorder
      component="article"
      aria-label={t('adminConsole.reviews.cardLabel', { name: review.feedback_user_name || t('adminConsole.reviews.removedAuthor') })}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{author || t('adminConsole.reviews.removedAuthor')}</Text>
          <Badge color={statusColor[review.status]} variant="light">
            {t(`adminConsole.reviews.status.${review.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {review.type === 'doctor'
            ? t('adminConsole.reviews.aboutDoctor', { name: review.doctor_name ?? '—' })
            : t('adminConsole.reviews.aboutQuiz')}{' '}
          · {t('adminConsole.reviews.rating', { rating: review.feedback_rating })} · {dateTimeText(review.createdAt, currentLocale())}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{review.feedback_comment || t('adminConsole.reviews.noComment')}</Text>
        {review.moderated_at && (
          <Text size="sm" c="dimmed">
            {t('adminConsole.reviews.moderated', {
              name: review.moderated_by_name ?? '—',
              date: dateTimeText(review.moderated_at, currentLocale()),
            })}
            {review.moderation_reason ? ` ${t('adminConsole.reviews.because', { reason: review.moderation_reason })}` : ''}
          </Text>
        )}
        <FormError error={moderate.error} />
        <Group gap="sm">
          {!review.is_published && (
            <Button
              size="xs"
              loading={moderate.isPending}
              onClick={() =>
                moderate.mutate(
                  { id: review.id, action: 'publish' },
                  { onSuccess: () => notifications.show({ message: t('adminConsole.reviews.published') }) },
                )
              }
            >
              {t('adminConsole.reviews.publish')}
            </Button>
          )}
          {review.status !== 'hidden' && (
            <Button size="xs" variant="default" onClick={onHide}>
              {t('adminConsole.reviews.hide')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Review moderation: new, published and hidden reviews of doctors and of the self-check. */
export function ReviewsSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReviewsFilter>({ status: 'new', type: '' });
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<Review | null>(null);
  const reviews = useReviews(filter, page);
  const change = <Name extends keyof ReviewsFilter>(name: Name, value: ReviewsFilter[Name]) => {
    setFilter((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  return (
    <Stack gap="md">
      <Title order={1}>{t('adminConsole.reviews.title')}</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('adminConsole.reviews.statusFilter')}
          value={filter.status}
          onChange={(event) => change('status', optionOf(reviewStatuses, event.currentTarget.value))}
          data={[
            { value: '', label: t('adminConsole.all') },
            ...reviewStatuses.map((value) => ({ value, label: t(`adminConsole.reviews.status.${value}`) })),
          ]}
          w={{ base: '100%', xs: 200 }}
        />
        <NativeSelect
          label={t('adminConsole.reviews.typeFilter')}
          value={filter.type}
          onChange={(event) => change('type', optionOf(feedbackTypes, event.currentTarget.value))}
          data={[
            { value: '', label: t('adminConsole.all') },
            { value: 'doctor', label: t('adminConsole.reviews.type.doctor') },
            { value: 'quiz', label: t('adminConsole.reviews.type.quiz') },
          ]}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <LoadError error={reviews.error} />
      {reviews.data?.reviews.map((review) => (
        <ReviewCard key={review.id} review={review} onHide={() => setHiding(review)} />
      ))}
      <ConsolePages total={reviews.data?.total ?? 0} page={page} pageSize={CONSOLE_PAGE_SIZE} onChange={setPage} />
      {hiding && <HideModal review={hiding} onClose={() => setHiding(null)} />}
    </Stack>
  );
}
