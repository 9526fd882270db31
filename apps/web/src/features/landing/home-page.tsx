import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgetAccountRemoval, readAccountRemoval } from '../../lib/account-removal.ts';
import { appPaths } from '../../lib/paths.ts';

const steps = ['register', 'choose', 'talk', 'followUp'] as const;
const benefits = ['free', 'specialists', 'privacy', 'anywhere'] as const;

// Shown once after an account removal; loaded only then, so the landing page's first download stays small.
const AccountRemovedNotice = lazy(() => import('./account-removed-notice.tsx'));
// Published reviews load after the first paint, for the same reason.
const ReviewsBlock = lazy(() => import('./reviews-block.tsx'));

export function HomePage() {
  const { t } = useTranslation();
  const [removal] = useState(readAccountRemoval);
  useEffect(forgetAccountRemoval, []);
  return (
    <>
      {removal && (
        <Suspense fallback={null}>
          <AccountRemovedNotice outcome={removal} />
        </Suspense>
      )}
      <section className="hero" aria-labelledby="hero-title">
        <Container size="lg" py={{ base: 48, md: 96 }}>
          <Stack gap="lg" maw={720}>
            <Title order={1} id="hero-title" fz={{ base: 32, md: 48 }} lh={1.15}>
              {t('home.heroTitle')}
            </Title>
            <Text fz={{ base: 'md', md: 'xl' }}>{t('home.heroText')}</Text>
            <Group gap="sm">
              <Button size="md" component={Link} to="?auth=signup">
                {t('home.ctaSignup')}
              </Button>
              <Button size="md" variant="default" component={Link} to={appPaths.about}>
                {t('home.ctaLearnMore')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py={64} component="section" aria-labelledby="how-title">
        <Title order={2} id="how-title" mb="xl">
          {t('home.howTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {steps.map((step, index) => (
            <Card key={step} withBorder padding="lg">
              <ThemeIcon size={40} radius="xl" aria-hidden="true">
                {index + 1}
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md" mb="xs">
                {t(`home.steps.${step}.title`)}
              </Title>
              <Text size="sm">{t(`home.steps.${step}.text`)}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={64} component="section" aria-labelledby="why-title">
        <Title order={2} id="why-title" mb="xl">
          {t('home.whyTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          {benefits.map((benefit) => (
            <div key={benefit}>
              <Title order={3} fz="lg" mb="xs">
                {t(`home.benefits.${benefit}.title`)}
              </Title>
              <Text>{t(`home.benefits.${benefit}.text`)}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Container>

      <Suspense fallback={null}>
        <ReviewsBlock />
      </Suspense>

      <Container size="lg" pb={80} component="section" aria-labelledby="cta-title">
        <Card padding="xl" bg="var(--mantine-primary-color-filled)" c="white">
          <Stack gap="md" align="flex-start">
            <Title order={2} id="cta-title" c="white">
              {t('home.ctaTitle')}
            </Title>
            <Text c="white">{t('home.ctaText')}</Text>
            <Button variant="white" component={Link} to="?auth=signup">
              {t('home.ctaSignup')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
