import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { feedbackApi } from '@rozmova/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useOnVisible } from '../../lib/use-on-visible.ts';

const SHOWN = 6;

/**
 * Published reviews of consultations, by first name or anonymously; nothing at all while there are none. They sit
 * below the first screen, so they are asked for only as the visitor scrolls towards them, not while the page starts.
 */
export default function ReviewsBlock() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useOnVisible(ref, () => setNear(true), { enabled: !near, rootMargin: '100% 0px', whenUnsupported: true });
  const reviews = useQuery({
    queryKey: queryKeys.feedback.published,
    queryFn: ({ signal }) => call(feedbackApi.published, { signal, query: { limit: SHOWN } }),
    enabled: near,
  });
  const items = reviews.data?.feedback ?? [];
  if (items.length === 0) return <div ref={ref} />;
  return (
    <Container size="lg" pb={64} component="section" aria-labelledby="reviews-title">
      <Title order={2} id="reviews-title" mb="xl">
        {t('reviews.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {items.map((item) => (
          <Card key={item.id} withBorder padding="lg" component="figure" m={0}>
            <Stack gap="xs">
              <Text c="yellow.8" fz="lg">
                <span role="img" aria-label={t('reviews.rating', { rating: item.feedback_rating })}>
                  {'★'.repeat(item.feedback_rating) + '☆'.repeat(5 - item.feedback_rating)}
                </span>
              </Text>
              <Text component="blockquote" m={0} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {item.feedback_comment}
              </Text>
              <Text component="figcaption" size="sm" fw={600}>
                {item.feedback_user_name ?? t('reviews.anonymous')}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
