import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { MutationForm, type MutationFormProps } from './mutation-form.tsx';

type FormModalProps<Values, Variables, Data> = MutationFormProps<Values, Variables, Data> & {
  title: ReactNode;
  size?: ModalProps['size'];
  onClose: () => void;
  /** Text above the fields. */
  intro?: ReactNode;
  /** False when `onSuccess` leaves the dialog itself (signing in moves to another page). */
  closeOnSuccess?: boolean;
};

/** A dialog with one form whose submit runs a mutation (see MutationForm); it closes after the server's OK. */
export function FormModal<Values, Variables, Data>({
  title,
  size,
  onClose,
  onSuccess,
  intro,
  closeOnSuccess = true,
  children,
  ...form
}: FormModalProps<Values, Variables, Data>) {
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <MutationForm
        {...form}
        onSuccess={(data, variables) => {
          onSuccess?.(data, variables);
          if (closeOnSuccess) onClose();
        }}
      >
        {intro}
        {children}
      </MutationForm>
    </Modal>
  );
}
