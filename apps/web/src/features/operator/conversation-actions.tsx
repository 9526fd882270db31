import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Patient } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-errors.ts';
import { useConversationAction, type ConversationAction } from './api.ts';
import { TransferModal } from './transfer-modal.tsx';

interface ConversationActionsProps {
  patient: Patient;
  userId: string;
  isAdmin: boolean;
}

const testIds: Record<ConversationAction, string> = {
  claim: 'claim-conversation',
  close: 'close-conversation',
  reopen: 'reopen-conversation',
};

/**
 * Claim (an unheld conversation), transfer (with a note), close and reopen. The server decides; a refusal (someone
 * claimed it first: 409) is said in a toast, and the inbox and the conversation are read again.
 */
export function ConversationActions({ patient, userId, isAdmin }: ConversationActionsProps) {
  const { t } = useTranslation();
  const [transferring, setTransferring] = useState(false);
  const closed = patient.chat_patient_status === 'closed';
  const holder = patient.interacting_with_operator;
  // Another operator's conversation is theirs to work on: only an admin steps in (close, transfer).
  const mayWork = holder === null || holder === userId || isAdmin;
  const shown: ConversationAction[] = closed
    ? ['reopen']
    : [...(holder === null ? ['claim' as const] : []), ...(mayWork ? ['close' as const] : [])];
  return (
    <Group gap="xs">
      {shown.map((action) => (
        <ActionButton key={action} action={action} patient={patient} />
      ))}
      {!closed && mayWork && (
        <Button size="xs" variant="default" data-testid="transfer-conversation" onClick={() => setTransferring(true)}>
          {t('operator.actions.transfer')}
        </Button>
      )}
      {transferring && (
        <TransferModal
          patientId={patient.id}
          patientName={patient.user_name}
          holderId={patient.interacting_with_operator}
          onClose={() => setTransferring(false)}
        />
      )}
    </Group>
  );
}

function ActionButton({ action, patient }: { action: ConversationAction; patient: Patient }) {
  const { t } = useTranslation();
  const mutation = useConversationAction(action);
  const run = () =>
    mutation.mutate(patient.id, {
      onSuccess: () => notifications.show({ message: t(`operator.actions.${action}Done`, { name: patient.user_name }) }),
      onError: (error) => notifications.show({ color: 'danger', message: errorText(t, error) }),
    });
  return (
    <Button
      size="xs"
      variant={action === 'claim' ? 'filled' : 'default'}
      data-testid={testIds[action]}
      loading={mutation.isPending}
      onClick={run}
    >
      {t(`operator.actions.${action}`)}
    </Button>
  );
}
