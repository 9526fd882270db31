import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './form-error.tsx';

interface ConfirmModalProps {
  title: ReactNode;
  /** What will happen, in a sentence. */
  text: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** `danger` for what cannot be undone. */
  confirmColor?: MantineColor;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  /** The failed request, shown as a translated text. */
  error: unknown;
  /** Focus the cancel button first (for what cannot be undone), instead of the dialog. */
  focusCancel?: boolean;
}

/** Asks before an action: the text, the error of a failed try, then cancel and confirm at the end. */
export function ConfirmModal({
  title,
  text,
  confirmLabel,
  cancelLabel,
  confirmColor,
  onConfirm,
  onClose,
  pending,
  error,
  focusCancel = false,
}: ConfirmModalProps) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack gap="sm">
        <Text>{text}</Text>
        <FormError error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus={focusCancel || undefined}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
