import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { patientHistoryPaths, type FeedbackList } from '@rozmova/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const SHOWN = 6;

/** True once the element is within a screen's height of the viewport (at once where the browser cannot tell). */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * Published reviews of consultations, by first name or anonymously; nothing at all while there are none. They sit
 * below the first screen, so they are asked for only as the visitor scrolls towards them, not while the page starts.
 */
export default function ReviewsBlock() {
  const { t } = useTranslation();
  const { ref, near } = useNearViewport();
  const reviews = useQuery({
    queryKey: queryKeys.feedback.published,
    queryFn: ({ signal }) => apiRequest<FeedbackList>(patientHistoryPaths.publishedReviews, { signal, query: { limit: SHOWN } }),
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
