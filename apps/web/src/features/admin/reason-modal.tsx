import { Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ADMIN_REASON_MAX } from '@rozmova/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';

interface ReasonModalProps<Variables, Data> {
  title: string;
  intro?: ReactNode;
  /** The reason field's label, hint and the text when it is left empty. */
  label: string;
  description?: string;
  requiredText: string;
  initialReason?: string;
  maxLength?: number;
  mutation: UseMutationResult<Data, Error, Variables, unknown>;
  toVariables: (reason: string) => Variables;
  submitLabel: string;
  /** The toast after the server's OK. */
  doneText: string;
  onClose: () => void;
}

/** A staff action that needs a written reason (a refund, hiding a review, rejecting an application): one required text, then the request. */
export function ReasonModal<Variables, Data>({
  label,
  description,
  requiredText,
  initialReason = '',
  maxLength = ADMIN_REASON_MAX,
  toVariables,
  doneText,
  onClose,
  ...modal
}: ReasonModalProps<Variables, Data>) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { reason: initialReason },
    validate: { reason: (value) => (value.trim() ? null : requiredText) },
  });
  return (
    <FormModal
      {...modal}
      onClose={onClose}
      form={form}
      toVariables={(values) => toVariables(values.reason.trim())}
      onSuccess={() => notifications.show({ message: doneText })}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <Textarea
        label={label}
        description={description}
        required
        autosize
        minRows={3}
        maxLength={maxLength}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
