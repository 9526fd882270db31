import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { TRANSFER_NOTE_MAX } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
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

/** Passes a conversation to another operator, chosen with their availability in sight, with a note for them. */
export function TransferModal({ patientId, patientName, holderId, onClose }: TransferModalProps) {
  const { t } = useTranslation();
  const operators = useOperators();
  const transfer = useTransfer(patientId);
  const form = useForm({
    initialValues: { operatorId: '', note: '' },
    validate: {
      operatorId: (value) => (value ? null : t('operator.transfer.chooseOperator')),
      note: (value) => (value.length > TRANSFER_NOTE_MAX ? t('operator.transfer.noteTooLong', { max: TRANSFER_NOTE_MAX }) : null),
    },
  });
  const others = (operators.data ?? []).filter((operator) => operator.id !== holderId);
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
          {others.map((operator) => (
            <Radio
              key={operator.id}
              value={operator.id}
              label={
                <Group gap={6} wrap="nowrap">
                  <span>{operator.user_name}</span>
                  <AvailabilityDot availability={operator.availability} />
                  <Text span size="sm">
                    {t(`operator.availability.${operator.availability}`)}
                  </Text>
                </Group>
              }
            />
          ))}
          {operators.data && others.length === 0 && <Text size="sm">{t('operator.transfer.noOperators')}</Text>}
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
