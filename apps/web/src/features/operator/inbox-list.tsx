import {
  Alert,
  Badge,
  Group,
  Loader,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { chatPatientStatuses, type ChatPatientStatus, type InboxConversation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-errors.ts';
import { dayKey, timeText } from '../../lib/appointment-dates.ts';
import { useNow } from '../../lib/use-now.ts';
import { holders, useInbox, type Holder, type InboxFilter } from './api.ts';
import { StatusBadge } from './status-badge.tsx';
import { waitingSpan } from './waiting.ts';
import { intlLocale } from '../../lib/format.ts';

interface InboxListProps {
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  selected: string | null;
  /** The address that opens a conversation, the filters kept. */
  linkTo: (patientId: string) => string;
  userId: string;
}

/** The waiting time redraws this often, so "waiting 4 min" turns into 5 within seconds of the minute. */
const WAITING_REDRAW_MS = 5_000;

/** The inbox: whose × status filters with unread counts, then the conversations, newest activity first. */
export function InboxList({ filter, onFilter, selected, linkTo, userId }: InboxListProps) {
  const { t } = useTranslation();
  const inbox = useInbox(filter);
  const now = useNow(() => WAITING_REDRAW_MS);
  const unread = inbox.data?.unread;
  const holderLabel = (holder: Holder) => (
    <Group gap={6} justify="center" wrap="nowrap">
      <span>{t(`operator.holder.${holder}`)}</span>
      {unread && unread[holder] > 0 && (
        <Badge size="sm" circle={unread[holder] < 10} color="danger" aria-label={t('operator.unreadCount', { n: unread[holder] })}>
          {unread[holder]}
        </Badge>
      )}
    </Group>
  );

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg" id="inbox-title" tabIndex={-1} data-pane-heading="inbox">
        {t('operator.inboxTitle')}
      </Title>
      <SegmentedControl
        data-testid="inbox-filter-holder"
        aria-label={t('operator.holderFilter')}
        fullWidth
        size="xs"
        value={filter.holder}
        onChange={(value) => onFilter({ ...filter, holder: value as Holder })}
        data={holders.map((holder) => ({ value: holder, label: holderLabel(holder) }))}
      />
      <NativeSelect
        data-testid="inbox-filter-status"
        label={t('operator.statusFilter')}
        value={filter.status ?? ''}
        onChange={(event) => onFilter({ ...filter, status: (event.currentTarget.value || undefined) as ChatPatientStatus | undefined })}
        data={[
          { value: '', label: t('operator.anyStatus') },
          ...chatPatientStatuses.map((status) => ({ value: status, label: t(`operator.status.${status}`) })),
        ]}
      />
      {inbox.isError && (
        <Alert color="danger" role="alert">
          {errorText(t, inbox.error)}
        </Alert>
      )}
      {inbox.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {inbox.data && (
        <>
          <Text size="sm" aria-live="polite">
            {t('operator.conversationCount', { n: inbox.data.total })}
          </Text>
          <Stack component="ul" gap={4} p={0} m={0} className="inbox-list" aria-labelledby="inbox-title">
            {inbox.data.conversations.map((conversation) => (
              <li key={conversation.patientId}>
                <InboxRow
                  conversation={conversation}
                  selected={conversation.patientId === selected}
                  to={linkTo(conversation.patientId)}
                  now={now}
                  userId={userId}
                />
              </li>
            ))}
          </Stack>
          {inbox.data.conversations.length === 0 && <Text>{t('operator.empty')}</Text>}
        </>
      )}
    </Stack>
  );
}

interface RowProps {
  conversation: InboxConversation;
  selected: boolean;
  to: string;
  now: number;
  userId: string;
}

/** The time of the last message today, else its day. */
function activityText(iso: string, now: number, language: string | undefined): string {
  if (dayKey(iso) === dayKey(new Date(now))) return timeText(iso);
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short' }).format(new Date(iso));
}

function InboxRow({ conversation, selected, to, now, userId }: RowProps) {
  const { t, i18n } = useTranslation();
  const { unread_count: unread, awaiting_since: since } = conversation;
  const waiting = since && conversation.chat_patient_status !== 'closed' ? waitingSpan(since, now) : null;
  const holder =
    conversation.interacting_with_operator === userId
      ? t('operator.heldByYou')
      : conversation.operator_name
        ? t('operator.heldBy', { name: conversation.operator_name })
        : t('operator.unassigned');
  const last = conversation.last_message_text;
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className="inbox-row"
      aria-current={selected || undefined}
      data-testid="inbox-conversation"
      data-patient-id={conversation.patientId}
      data-status={conversation.chat_patient_status}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={unread > 0 ? 700 : 500} truncate>
          {conversation.user_name}
        </Text>
        {unread > 0 && (
          <Badge size="sm" color="danger" style={{ flex: 'none' }} aria-label={t('operator.unreadCount', { n: unread })}>
            {unread}
          </Badge>
        )}
      </Group>
      {last !== null && (
        <Text size="sm" lineClamp={2} className="inbox-row__last">
          {conversation.last_message_sender === 'operator' && <VisuallyHidden>{t('operator.lastFromOperator')} </VisuallyHidden>}
          {conversation.last_message_sender === 'operator' && <span aria-hidden="true">↩ </span>}
          {last}
        </Text>
      )}
      <Group gap={6} mt={4}>
        <StatusBadge status={conversation.chat_patient_status} />
        <Text size="xs">{holder}</Text>
      </Group>
      {waiting ? (
        <Text size="xs" fw={600}>
          {waiting.unit === 'moment' ? t('operator.waitingMoment') : t(`operator.waiting.${waiting.unit}`, { n: waiting.n })}
        </Text>
      ) : (
        conversation.last_message_at && <Text size="xs">{activityText(conversation.last_message_at, now, i18n.resolvedLanguage)}</Text>
      )}
    </UnstyledButton>
  );
}
