import { Text } from '@mantine/core';
import type { Appointment } from '@rozmova/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatView } from '../../components/chat/chat-view.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import type { ConversationRef } from '../../lib/chat/conversation.ts';
import { useConversation } from '../../lib/chat/use-conversation.ts';

/**
 * The doctor ↔ patient conversation of the current consultation (lib/chat, as in the meeting room); it is written to
 * while the consultation is scheduled or running, so without one there is nothing to write in.
 */
export function PatientChat({ patientId, name, current }: { patientId: string; name: string; current: Appointment | undefined }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('doctorPatients.chat.title', { name })} titleId="doctor-patient-chat-title">
      {current ? (
        <Conversation patientId={patientId} appointmentId={current.id} name={name} />
      ) : (
        <Text>{t('doctorPatients.chat.none')}</Text>
      )}
    </SectionCard>
  );
}

function Conversation({ patientId, appointmentId, name }: { patientId: string; appointmentId: string; name: string }) {
  const { t } = useTranslation();
  const ref = useMemo<ConversationRef>(
    () => ({ recipientType: 'patient', viewer: 'doctor', patientId, appointmentId }),
    [patientId, appointmentId],
  );
  const chat = useConversation(ref, { active: true });
  return (
    <div style={{ height: 420, display: 'flex', flexDirection: 'column' }}>
      <ChatView chat={chat} otherName={name} emptyText={t('doctorPatients.chat.empty')} />
    </div>
  );
}
