import type { MeetingRole } from '@rozmova/contracts';
import { useMemo } from 'react';
import type { ConversationRef } from '../../lib/chat/conversation.ts';
import { useConversation } from '../../lib/chat/use-conversation.ts';

/**
 * The consultation's patient ↔ doctor conversation in the room (lib/chat's useConversation): history, live messages
 * and ticks, catch-up after a reconnect, retry with the same client_message_id; read while the chat is open.
 */
export function useConsultationChat({
  appointmentId,
  patientId,
  role,
  open,
}: {
  appointmentId: string;
  patientId: string;
  role: MeetingRole;
  open: boolean;
}) {
  const ref = useMemo<ConversationRef>(
    () =>
      role === 'patient'
        ? { recipientType: 'doctor', viewer: 'patient', appointmentId }
        : { recipientType: 'patient', viewer: 'doctor', patientId, appointmentId },
    [appointmentId, patientId, role],
  );
  return useConversation(ref, { active: open });
}
