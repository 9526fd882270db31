import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntryStatus } from '../../lib/chat/conversation.ts';

const ticks: Partial<Record<EntryStatus, string>> = { Sent: '✓', Delivered: '✓✓', Read: '✓✓' };

/** The ticks of one's own message (Sent ✓, Delivered ✓✓, Read ✓✓ coloured), said in words to a screen reader. */
export function MessageStatus({ status }: { status: EntryStatus }) {
  const { t } = useTranslation();
  const label = t(`chat.status.${status}`);
  const glyph = ticks[status];
  if (!glyph) {
    return (
      <Text size="xs" c={status === 'failed' ? 'var(--mantine-color-error)' : 'dimmed'}>
        {label}
      </Text>
    );
  }
  return (
    <span className="chat-ticks" data-status={status} title={label}>
      <span aria-hidden="true">{glyph}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
