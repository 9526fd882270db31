import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A print-like document: a title, the date it took effect, and numbered sections of paragraphs. */
export function LegalDocument({ prefix, sections }: { prefix: string; sections: Record<string, number> }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" className="legal-document">
      <Title order={1}>{t(`${prefix}.title`)}</Title>
      <Text mt="xs">{t('legal.effectiveDate')}</Text>
      <Text mt="lg">{t(`${prefix}.intro`)}</Text>
      {Object.entries(sections).map(([section, paragraphs], index) => (
        <section key={section}>
          <Title order={2} fz="xl">
            {index + 1}. {t(`${prefix}.sections.${section}.title`)}
          </Title>
          <Stack gap="sm" mt="sm">
            {Array.from({ length: paragraphs }, (_, paragraph) => (
              <Text key={paragraph}>{t(`${prefix}.sections.${section}.p${paragraph + 1}`)}</Text>
            ))}
          </Stack>
        </section>
      ))}
    </Container>
  );
}
