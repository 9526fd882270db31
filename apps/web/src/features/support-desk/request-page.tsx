import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { SUPPORT_REQUEST_TEXT_MAX } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { SupportRequestView } from '../../components/support-request-view.tsx';
import { appPaths } from '../../lib/paths.ts';
import { FormError } from '../../components/form-error.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { useFollowUp, useRequest } from './api.ts';

/** Where the requester writes back: the operator sees it with the answers, and a closed request opens again. */
function FollowUpForm({ requestId, token }: { requestId: string; token: string | null }) {
  const { t } = useTranslation();
  const followUp = useFollowUp(requestId, token);
  const form = useForm({
    initialValues: { text: '' },
    validate: {
      text: (value) =>
        !value.trim()
          ? t('supportDesk.followUpRequired')
          : value.length > SUPPORT_REQUEST_TEXT_MAX
            ? t('supportDesk.followUpTooLong', { max: SUPPORT_REQUEST_TEXT_MAX })
            : null,
    },
  });
  const submit = form.onSubmit((values) =>
    followUp.mutate(values.text.trim(), {
      onSuccess: () => {
        form.reset();
        notifications.show({ message: t('supportDesk.followUpSent') });
      },
      onError: (error) => form.setErrors(fieldErrors(t, error)),
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-unsaved={form.isDirty() || undefined}>
      <Stack gap="xs">
        <Textarea label={t('supportDesk.followUp')} autosize minRows={3} maxRows={10} {...form.getInputProps('text')} />
        <FormError error={followUp.error} />
        <Group>
          <Button type="submit" loading={followUp.isPending}>
            {t('supportDesk.followUpSend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/support/requests/:requestId?token=`: a request, its status and answers, for its link's holder or its patient, who may write back. */
export function SupportRequestPage() {
  const { t } = useTranslation();
  const { requestId = '' } = useParams();
  const [params] = useSearchParams();
  const request = useRequest(requestId, params.get('token'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('supportDesk.requestTitle')}</Title>
        {request.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {request.isError && (
          <Alert color="gray" title={t('supportDesk.linkInvalidTitle')}>
            <Text>{t('supportDesk.linkInvalid')}</Text>
            <Anchor component={Link} to={appPaths.support()}>
              {t('supportDesk.newRequest')}
            </Anchor>
          </Alert>
        )}
        {request.data && (
          <SupportRequestView request={request.data} footer={<FollowUpForm requestId={requestId} token={params.get('token')} />} />
        )}
      </Stack>
    </Container>
  );
}
