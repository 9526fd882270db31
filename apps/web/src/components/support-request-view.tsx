import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SupportRequest, SupportRequestStatus } from '@rozmova/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { currentLocale } from '../lib/i18n.ts';
import { dateTimeText } from '../lib/format.ts';

const statusColor: Record<SupportRequestStatus, string> = { open: 'blue', in_progress: 'orange', closed: 'gray' };

export function SupportStatusBadge({ status }: { status: SupportRequestStatus }) {
  const { t } = useTranslation();
  return (
    // The word in the text colour (readable on any background); the colour is only the border.
    <Badge color={statusColor[status]} variant="outline" c="var(--mantine-color-text)">
      {t(`supportDesk.status.${status}`)}
    </Badge>
  );
}

/** A support request as its requester sees it: topic, status, the text and the operators' answers. */
export function SupportRequestView({
  request,
  headingOrder = 2,
  footer,
}: {
  request: SupportRequest;
  headingOrder?: 2 | 3;
  /** Under the answers: where the requester writes back. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`request-${request.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={headingOrder} fz="md" id={`request-${request.id}`}>
            {t(`supportDesk.topics.${request.topic}`)} · {dateTimeText(request.createdAt, locale)}
          </Title>
          <SupportStatusBadge status={request.status} />
        </Group>
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{request.message}</Text>
        {request.hasAttachment && (
          <Text size="sm" c="dimmed">
            {t('supportDesk.attachmentSent')}
          </Text>
        )}
        {request.replies.length === 0 ? (
          <Text size="sm" c="dimmed">
            {request.status === 'closed' ? t('supportDesk.closedNoReply') : t('supportDesk.noReplyYet')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Text fw={600}>{t('supportDesk.answers')}</Text>
            {request.replies.map((reply) => (
              <Paper key={reply.id} bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
                <Text size="sm" c="dimmed">
                  {reply.fromRequester
                    ? `${t('supportDesk.you')} · ${dateTimeText(reply.createdAt, locale)}`
                    : `${reply.authorName ?? t('supportDesk.operator')} · ${dateTimeText(reply.createdAt, locale)} · ${t(`supportDesk.channel.${reply.channel}`)}`}
                </Text>
                <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reply.text}</Text>
              </Paper>
            ))}
          </Stack>
        )}
        {footer}
      </Stack>
    </Paper>
  );
}
