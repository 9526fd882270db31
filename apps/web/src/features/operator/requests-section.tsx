import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { SUPPORT_REQUEST_TEXT_MAX, supportDeskApi, supportRequestStatuses, type StaffSupportRequest } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { SupportStatusBadge } from '../../components/support-request-view.tsx';
import { errorText } from '../../lib/api-errors.ts';

import { downloadBlob, openBlob } from '../../lib/files.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useCloseRequest, useReplyToRequest, useRequestQueue, useStaffRequest, useTakeRequest } from './requests-api.ts';
import { dateTimeText } from '../../lib/format.ts';

const filters = [...supportRequestStatuses, 'all'] as const;

function ReplyForm({ request }: { request: StaffSupportRequest }) {
  const { t } = useTranslation();
  const reply = useReplyToRequest();
  const form = useForm({
    initialValues: { channel: 'email' as 'email' | 'chat', text: '' },
    validate: { text: (value) => (value.trim() ? null : t('validation.messageRequired')) },
  });
  return (
    <MutationForm
      form={form}
      mutation={reply}
      toVariables={(values) => ({ id: request.id, body: { channel: values.channel, text: values.text } })}
      onSuccess={() => {
        form.reset();
        notifications.show({ message: t('deskQueue.answered') });
      }}
      submitLabel={t('deskQueue.send')}
    >
      <NativeSelect
        label={t('deskQueue.channel')}
        data={[
          { value: 'email', label: t('deskQueue.byEmail', { email: request.email }) },
          ...(request.patientId ? [{ value: 'chat', label: t('deskQueue.byChat') }] : []),
        ]}
        {...form.getInputProps('channel')}
      />
      <Textarea
        label={t('deskQueue.answer')}
        description={request.locale === 'en' ? t('deskQueue.inEnglish') : t('deskQueue.inUkrainian')}
        required
        autosize
        minRows={4}
        maxLength={SUPPORT_REQUEST_TEXT_MAX}
        {...form.getInputProps('text')}
      />
    </MutationForm>
  );
}

function RequestDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const request = useStaffRequest(id);
  const take = useTakeRequest();
  const close = useCloseRequest();
  const refused = (error: Error) => notifications.show({ color: 'danger', message: errorText(t, error) });
  const download = async (r: StaffSupportRequest) => {
    try {
      openBlob(await downloadBlob(supportDeskApi.attachment, { params: { id: r.id } }), `attachment-${r.id}`, false);
    } catch (error) {
      refused(error as Error);
    }
  };
  if (request.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (request.isError) return <FormError error={request.error} />;
  const r = request.data;
  const details = Object.entries(r.details);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="desk-request-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="desk-request-title" tabIndex={-1}>
            {t(`supportDesk.topics.${r.topic}`)}
          </Title>
          <SupportStatusBadge status={r.status} />
        </Group>
        <Text size="sm">
          {r.requesterName ? `${r.requesterName} · ` : `${t('deskQueue.visitor')} · `}
          <Anchor href={`mailto:${r.email}`}>{r.email}</Anchor> · {dateTimeText(r.createdAt, locale)}
        </Text>
        {r.operatorName && <Text size="sm">{t('deskQueue.takenBy', { name: r.operatorName })}</Text>}
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.message}</Text>
        {details.length > 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('deskQueue.callDetails')}</Text>
            {details.map(([key, value]) => (
              <Text key={key} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {key}: {typeof value === 'string' ? value : JSON.stringify(value)}
              </Text>
            ))}
          </Stack>
        )}
        {r.hasAttachment && (
          <Group>
            <Button variant="default" size="xs" onClick={() => void download(r)}>
              {t('deskQueue.openAttachment')}
            </Button>
          </Group>
        )}
        {r.replies.map((reply) => (
          <Paper key={reply.id} bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
            <Text size="sm" c="dimmed">
              {reply.fromRequester
                ? `${t('deskQueue.fromRequester')} · ${dateTimeText(reply.createdAt, locale)}`
                : `${reply.authorName} · ${dateTimeText(reply.createdAt, locale)} · ${t(`supportDesk.channel.${reply.channel}`)}`}
            </Text>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reply.text}</Text>
          </Paper>
        ))}
        <Group gap="xs">
          {r.status === 'open' && (
            <Button loading={take.isPending} onClick={() => take.mutate(r.id, { onError: refused })}>
              {t('deskQueue.take')}
            </Button>
          )}
          {r.status !== 'closed' && (
            <Button variant="default" loading={close.isPending} onClick={() => close.mutate(r.id, { onError: refused })}>
              {t('deskQueue.close')}
            </Button>
          )}
        </Group>
        {r.status !== 'closed' && <ReplyForm key={r.id} request={r} />}
      </Stack>
    </Paper>
  );
}

/** The support desk's queue for operators: filter by status, open one request, take, answer and close it. */
export function RequestsSection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const filter = filters.find((value) => value === params.get('status')) ?? 'open';
  const selected = params.get('request');
  const queue = useRequestQueue(filter === 'all' ? null : filter);
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  return (
    <Stack gap="md">
      <Title order={1}>{t('deskQueue.title')}</Title>
      <SegmentedControl
        aria-label={t('deskQueue.filter')}
        value={filter}
        onChange={(value) => set('status', value === 'open' ? null : value)}
        data={filters.map((value) => ({ value, label: value === 'all' ? t('deskQueue.all') : t(`supportDesk.status.${value}`) }))}
        fullWidth
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs">
          {queue.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
          {queue.isError && <FormError error={queue.error} />}
          {queue.data?.length === 0 && <Text c="dimmed">{t('deskQueue.empty')}</Text>}
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('deskQueue.list')}>
            {queue.data?.map((request) => (
              <li key={request.id}>
                <UnstyledButton
                  onClick={() => set('request', request.id)}
                  aria-current={request.id === selected || undefined}
                  w="100%"
                  p="sm"
                  style={{
                    border: '1px solid var(--mantine-color-default-border)',
                    borderRadius: 'var(--mantine-radius-md)',
                    background: request.id === selected ? 'var(--mantine-color-default-hover)' : undefined,
                  }}
                >
                  <Group justify="space-between" gap="xs">
                    <Text fw={600}>{t(`supportDesk.topics.${request.topic}`)}</Text>
                    <Group gap={4}>
                      {request.source === 'call' && (
                        <Badge variant="outline" color="gray" c="var(--mantine-color-text)">
                          {t('deskQueue.fromCall')}
                        </Badge>
                      )}
                      <SupportStatusBadge status={request.status} />
                    </Group>
                  </Group>
                  <Text size="sm" lineClamp={1}>
                    {request.requesterName ?? request.email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {dateTimeText(request.createdAt, locale)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Stack>
        {selected ? <RequestDetails id={selected} /> : <Text c="dimmed">{t('deskQueue.choose')}</Text>}
      </SimpleGrid>
    </Stack>
  );
}
