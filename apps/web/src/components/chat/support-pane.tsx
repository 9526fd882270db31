import { Group, Stack, Text } from '@mantine/core';
import type { OperatorAvailability } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { useSupportStatus } from '../../lib/chat/support.ts';
import type { Conversation } from '../../lib/chat/use-conversation.ts';
import { ChatView } from './chat-view.tsx';

interface Props {
  /** The patient's support conversation (lib/chat's useSupportConversation). */
  chat: Conversation;
  userId: string;
  autoFocus?: boolean;
}

const dotColour: Record<OperatorAvailability, string> = {
  online: 'var(--mantine-color-brand-6)',
  busy: 'var(--mantine-color-yellow-6)',
  offline: 'var(--mantine-color-gray-6)',
};

/**
 * A patient's conversation with the operators (docs/product.md "user chat panel"): whether someone is there and what to
 * expect, who holds the conversation, then the messages and the composer with the patient's documents to attach.
 */
export function SupportPane({ chat, userId, autoFocus }: Props) {
  const { t } = useTranslation();
  const status = useSupportStatus(userId);
  const operator = status.data?.operator ?? null;
  const availability = status.data?.availability;
  return (
    <Stack gap="xs" className="support-pane" data-testid="chat-panel">
      {availability && (
        <Group gap={8} wrap="nowrap" align="flex-start" data-testid="chat-availability" data-availability={availability}>
          <span className="support-pane__dot" style={{ background: dotColour[availability] }} aria-hidden="true" />
          <Text size="sm">
            <strong>{t(`supportChat.availability.${availability}`)}</strong> {t(`supportChat.expect.${availability}`)}
          </Text>
        </Group>
      )}
      {operator && <Text size="sm">{t('supportChat.operator', { name: operator.user_name })}</Text>}
      {status.data?.chat_patient_status === 'closed' && <Text size="sm">{t('supportChat.closed')}</Text>}
      <div className="support-pane__chat">
        <ChatView
          chat={chat}
          otherName={operator?.user_name ?? t('supportChat.operatorFallback')}
          emptyText={t('supportChat.empty')}
          attachDocuments
          autoFocus={autoFocus}
        />
      </div>
    </Stack>
  );
}
