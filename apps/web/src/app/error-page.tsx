import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { isChunkLoadError, reloadPage } from '../lib/reload-guard.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { usePageTitleOverride } from './page-title.tsx';

/** 404 shows "Page Not Found"; any other failure "Internal Server Error" (docs/product.md §2). */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page's file that is gone after a deployment: the page reloads once; within the guard's 10 s it says so instead.
  const chunkFailed = isChunkLoadError(error);
  const [reloading] = useState(() => chunkFailed && reloadPage());
  usePageTitleOverride(notFound ? 'notFound' : 'internal');
  // A page's own failure stops here, out of the window's error handler's sight: it goes to the error monitor from here.
  useEffect(() => {
    if (runtimeConfig.sentry_dsn && !isRouteErrorResponse(error) && !chunkFailed)
      void import('../lib/monitoring.ts').then((monitoring) => monitoring.reportError(error));
  }, [error, chunkFailed]);
  if (reloading) return null;
  if (!notFound) console.error(error);
  return (
    <DefaultLayout>
      <Container size="sm" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Text fz={64} fw={800} c="brand" aria-hidden="true">
            {notFound ? 404 : 500}
          </Text>
          <Title order={1}>{notFound ? t('errorPage.notFound') : t('errorPage.internal')}</Title>
          <Text>{notFound ? t('errorPage.notFoundText') : chunkFailed ? t('updates.chunkFailed') : t('errorPage.internalText')}</Text>
          {chunkFailed ? (
            <Button onClick={() => location.reload()}>{t('updates.reload')}</Button>
          ) : (
            <Button component={Link} to="/">
              {t('errorPage.home')}
            </Button>
          )}
        </Stack>
      </Container>
    </DefaultLayout>
  );
}
