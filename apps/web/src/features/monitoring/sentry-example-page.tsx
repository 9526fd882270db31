import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-errors.ts';
import { monitoringConfigured, startMonitoring } from '../../lib/monitoring.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useRaiseApiError } from './api.ts';

/** The browser's test error, thrown outside React as an unexpected error would be: the SDK's window handler reports it. */
const BROWSER_TEST_ERROR = 'Rozmova test error: the browser raised it on purpose on /sentry-example-page';

/**
 * `/sentry-example-page` (public): raises a test error in the browser and makes the API raise one, so whoever set up
 * Sentry or GlitchTip sees both arrive. Without a DSN it says monitoring is off and offers nothing to press.
 */
export function SentryExamplePage() {
  const { t } = useTranslation();
  const configured = monitoringConfigured();
  const [status, setStatus] = useState<'starting' | 'on' | 'failed'>('starting');
  const [browserRaised, setBrowserRaised] = useState(false);
  const raiseApiError = useRaiseApiError();

  useEffect(() => {
    if (!configured) return;
    let current = true;
    void startMonitoring().then((running) => {
      if (current) setStatus(running ? 'on' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [configured]);

  const raiseInBrowser = () => {
    setBrowserRaised(true);
    setTimeout(() => {
      throw new Error(BROWSER_TEST_ERROR);
    });
  };

  const apiError = raiseApiError.error;
  const apiReported = apiError instanceof ApiError && apiError.status === 500;
  const release = { release: runtimeConfig.build_id, environment: runtimeConfig.environment };

  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('monitoring.title')}</Title>
        <Text>{t('monitoring.intro')}</Text>
        {!configured ? (
          <Alert title={t('monitoring.offTitle')}>{t('monitoring.offText')}</Alert>
        ) : (
          <>
            <Text role="status">
              {status === 'on' ? t('monitoring.on', release) : status === 'starting' ? t('monitoring.starting') : ''}
            </Text>
            {status === 'failed' && (
              <Alert color="danger" role="alert">
                {t('monitoring.failed')}
              </Alert>
            )}
            <Group gap="sm">
              <Button onClick={raiseInBrowser} disabled={status !== 'on'}>
                {t('monitoring.raiseBrowser')}
              </Button>
              <Button variant="default" onClick={() => raiseApiError.mutate()} loading={raiseApiError.isPending} disabled={status !== 'on'}>
                {t('monitoring.raiseApi')}
              </Button>
            </Group>
            <Stack gap="xs" role="status">
              {browserRaised && <Text>{t('monitoring.browserRaised', release)}</Text>}
              {apiReported && <Text>{t('monitoring.apiRaised', release)}</Text>}
            </Stack>
            {apiError && !apiReported && (
              <Alert color="danger" role="alert">
                {errorText(t, apiError)}
              </Alert>
            )}
          </>
        )}
        <Text size="sm">{t('monitoring.privacy')}</Text>
      </Stack>
    </Container>
  );
}
