import { Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../../lib/paths.ts';

const values = ['care', 'quality', 'privacy', 'access'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('about.title')}</Title>
        <Text fz="lg">{t('about.lead')}</Text>
        <Text>{t('about.mission')}</Text>
        <Title order={2}>{t('about.partnerTitle')}</Title>
        <Text>{t('about.partnerText')}</Text>
        <Title order={2}>{t('about.valuesTitle')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {values.map((value) => (
            <div key={value}>
              <Title order={3} fz="lg" mb="xs">
                {t(`about.values.${value}.title`)}
              </Title>
              <Text>{t(`about.values.${value}.text`)}</Text>
            </div>
          ))}
        </SimpleGrid>
        <Title order={2}>{t('about.notEmergencyTitle')}</Title>
        <Text>{t('about.notEmergencyText')}</Text>
        <div>
          <Button component={Link} to={appPaths.contacts}>
            {t('about.contactUs')}
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
