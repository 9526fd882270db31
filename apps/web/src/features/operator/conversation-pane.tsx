import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import type { User } from '@rozmova/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatView } from '../../components/chat/chat-view.tsx';
import { FormError } from '../../components/form-error.tsx';
import type { ConversationRef } from '../../lib/chat/conversation.ts';
import { useConversation } from '../../lib/chat/use-conversation.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useOperators, usePatient, useSupportEvents } from './api.ts';
import { CannedReplyTools, SaveCannedReplyModal } from './canned-replies.tsx';
import { ConversationActions } from './conversation-actions.tsx';
import { StatusBadge } from './status-badge.tsx';
import { SupportEventLine } from './support-event-line.tsx';

interface ConversationPaneProps {
  patientId: string;
  user: User;
  /** The inbox, on a phone where it is not beside the conversation. */
  backTo: string;
  /** The patient's panel, where it is not beside the conversation. */
  detailsTo: string;
  onManageReplies: () => void;
  /** The pane is on the screen (a phone may show the patient's panel instead). */
  shown: boolean;
}

/**
 * The open conversation: who it is with, its status and holder with the actions on it, then the timeline (messages
 * with their ticks and, between them, the claims, transfers with their notes, closes and reopens) and the composer
 * with the operator's canned replies. What arrives while the pane is in view is marked read.
 */
export function ConversationPane({ patientId, user, backTo, detailsTo, onManageReplies, shown }: ConversationPaneProps) {
  const { t } = useTranslation();
  const patient = usePatient(patientId);
  const operators = useOperators();
  const events = useSupportEvents(patientId);
  const visible = useDocumentVisibility() === 'visible';
  const ref = useMemo<ConversationRef>(
    () => ({ recipientType: 'patient', viewer: 'operator', viewerId: user.id, patientId }),
    [patientId, user.id],
  );
  const chat = useConversation(ref, { active: visible && shown });
  // The message box's text being kept as a canned reply.
  const [savingReply, setSavingReply] = useState<string | null>(null);
  useInboxReadAfter(chat.unread);
  const holderId = patient.data?.interacting_with_operator ?? null;
  const holder =
    holderId === null
      ? t('operator.unassigned')
      : holderId === user.id
        ? t('operator.heldByYou')
        : t('operator.heldBy', {
            name: operators.data?.find((operator) => operator.id === holderId)?.user_name ?? t('operator.anotherOperator'),
          });
  const timelineEvents = useMemo(
    () => (events.data ?? []).map((event) => ({ key: event.id, at: event.created_at, node: <SupportEventLine event={event} /> })),
    [events.data],
  );

  return (
    <div className="operator-conversation">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={backTo} size="sm" hiddenFrom="sm">
            {t('operator.backToInbox')}
          </Anchor>
          <Anchor component={Link} to={detailsTo} size="sm" hiddenFrom="lg">
            {t('operator.patientDetails')}
          </Anchor>
        </Group>
        <Title
          order={2}
          fz="lg"
          id="conversation-title"
          tabIndex={-1}
          data-pane-heading="conversation"
          style={{ overflowWrap: 'anywhere' }}
        >
          {patient.data?.user_name ?? t('operator.conversationTitle')}
        </Title>
        <FormError error={patient.error} />
        {patient.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {patient.data && (
          <>
            <Group gap="xs">
              <StatusBadge status={patient.data.chat_patient_status} />
              <Text size="sm" data-testid="conversation-holder">
                {holder}
              </Text>
            </Group>
            <ConversationActions patient={patient.data} userId={user.id} isAdmin={user.user_role === 'admin'} />
          </>
        )}
      </Stack>
      <div className="operator-conversation__timeline">
        <ChatView
          chat={chat}
          otherName={patient.data?.user_name ?? ''}
          emptyText={t('operator.noMessages')}
          events={timelineEvents}
          composerTools={(insert, written) => (
            <CannedReplyTools onInsert={insert} onManage={onManageReplies} written={written} onSaveAs={setSavingReply} />
          )}
        />
      </div>
      {savingReply !== null && <SaveCannedReplyModal text={savingReply} onClose={() => setSavingReply(null)} />}
    </div>
  );
}

/** The server tells no one when an operator read the patient's messages, so the inbox's unread counts are read again. */
function useInboxReadAfter(unread: number): void {
  const client = useQueryClient();
  const before = useRef(unread);
  useEffect(() => {
    if (before.current > 0 && unread === 0) void client.invalidateQueries({ queryKey: queryKeys.support.inboxes });
    before.current = unread;
  }, [unread, client]);
}
