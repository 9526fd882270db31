import { Alert, Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { SupportRequestView } from '../../components/support-request-view.tsx';
import { appPaths } from '../../lib/paths.ts';
import { useRequest } from './api.ts';

/** `/support/requests/:requestId?token=`: a request, its status and answers, for its link's holder or its patient. */
export function SupportRequestPage() {
  const { t } = useTranslation();
  const { requestId = '' } = useParams();
  const [params] = useSearchParams();
  const request = useRequest(requestId, params.get('token'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('supportDesk.requestTitle')}</Title>
        {request.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {request.isError && (
          <Alert color="gray" title={t('supportDesk.linkInvalidTitle')}>
            <Text>{t('supportDesk.linkInvalid')}</Text>
            <Anchor component={Link} to={appPaths.support()}>
              {t('supportDesk.newRequest')}
            </Anchor>
          </Alert>
        )}
        {request.data && <SupportRequestView request={request.data} />}
      </Stack>
    </Container>
  );
}
