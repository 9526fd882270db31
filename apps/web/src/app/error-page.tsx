import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { usePageTitleOverride } from './page-title.tsx';

/** 404 shows "Page Not Found"; any other failure "Internal Server Error" (SPEC.md §2). */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitleOverride(notFound ? 'notFound' : 'internal');
  if (!notFound) console.error(error);
  return (
    <DefaultLayout>
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Text fz={64} fw={800} c="brand" aria-hidden="true">
            {notFound ? 404 : 500}
          </Text>
          <Title order={1}>{notFound ? t('errorPage.notFound') : t('errorPage.internal')}</Title>
          <Text>{notFound ? t('errorPage.notFoundText') : t('errorPage.internalText')}</Text>
          <Button component={Link} to="/">
            {t('errorPage.home')}
          </Button>
        </Stack>
      </Container>
    </DefaultLayout>
  );
}
