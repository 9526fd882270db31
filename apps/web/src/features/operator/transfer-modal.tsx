import { Button, Group, Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { TRANSFER_NOTE_MAX, type Operator } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { useOperators, useTransfer } from './api.ts';
import { AvailabilityDot } from './availability-switch.tsx';

interface TransferModalProps {
  patientId: string;
  patientName: string;
  /** Who holds the conversation now: not offered. */
  holderId: string | null;
  onClose: () => void;
}

/**
 * Passes a conversation to another operator or an admin (admins answer chats too), chosen with their availability in
 * sight, with a note for them. When there is no one else, the dialog says so instead of offering an empty choice.
 */
export function TransferModal({ patientId, patientName, holderId, onClose }: TransferModalProps) {
  const { t } = useTranslation();
  const people = useOperators();
  const targets = people.data?.filter((person) => person.id !== holderId);
  if (targets && targets.length > 0) {
    return <TransferForm patientId={patientId} patientName={patientName} targets={targets} onClose={onClose} />;
  }
  return (
    <Modal opened onClose={onClose} title={t('operator.transfer.title')}>
      <Stack gap="md">
        <FormError error={people.error} />
        {people.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {targets && <Text data-testid="transfer-nobody">{t('operator.transfer.noOperators')}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TransferForm({ patientId, patientName, targets, onClose }: Omit<TransferModalProps, 'holderId'> & { targets: Operator[] }) {
  const { t } = useTranslation();
  const transfer = useTransfer(patientId);
  const form = useForm({
    initialValues: { operatorId: '', note: '' },
    validate: {
      operatorId: (value) => (value ? null : t('operator.transfer.chooseOperator')),
      note: (value) => (value.length > TRANSFER_NOTE_MAX ? t('operator.transfer.noteTooLong', { max: TRANSFER_NOTE_MAX }) : null),
    },
  });
  return (
    <FormModal
      title={t('operator.transfer.title')}
      intro={<Text>{t('operator.transfer.intro', { name: patientName })}</Text>}
      onClose={onClose}
      form={form}
      mutation={transfer}
      toVariables={({ operatorId, note }) => ({ operatorId, ...(note.trim() ? { note: note.trim() } : {}) })}
      onSuccess={() => notifications.show({ message: t('operator.transfer.done', { name: patientName }) })}
      submitLabel={t('operator.transfer.submit')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <Radio.Group label={t('operator.transfer.operator')} required {...form.getInputProps('operatorId')}>
        <Stack gap="xs" mt="xs">
          {targets.map((person) => (
            <Radio
              key={person.id}
              value={person.id}
              label={
                <Group gap={6} wrap="nowrap">
                  <span style={{ overflowWrap: 'anywhere' }}>{person.user_name}</span>
                  <AvailabilityDot availability={person.availability} />
                  <Text span size="sm">
                    {t(`operator.availability.${person.availability}`)}
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label={t('operator.transfer.note')}
        description={t('operator.transfer.noteHint')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={TRANSFER_NOTE_MAX}
        {...form.getInputProps('note')}
      />
    </FormModal>
  );
}
