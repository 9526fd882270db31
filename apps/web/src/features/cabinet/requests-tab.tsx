import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { supportDeskApi } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { SupportRequestView } from '../../components/support-request-view.tsx';
import { call } from '../../lib/api-client.ts';
import { appPaths } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The patient's support requests with their status and answers, newest first. */
export function RequestsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const requests = useQuery({
    queryKey: queryKeys.supportDesk.mine(userId),
    queryFn: ({ signal }) => call(supportDeskApi.listMine, { signal }).then((data) => data.requests),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text>{t('supportDesk.cabinetLead')}</Text>
        <Button component={Link} to={appPaths.support()} variant="light">
          {t('supportDesk.newRequest')}
        </Button>
      </Group>
      {requests.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {requests.isError && <FormError error={requests.error} />}
      {requests.data?.length === 0 && <Text c="dimmed">{t('supportDesk.noRequests')}</Text>}
      {requests.data?.map((request) => (
        <SupportRequestView key={request.id} request={request} />
      ))}
    </Stack>
  );
}
