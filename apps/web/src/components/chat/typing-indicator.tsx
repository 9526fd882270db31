import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../lib/chat/use-conversation.ts';

/** "Anna is typing…" while the other side types; the region stays, so a screen reader hears it come and go. */
export function TypingIndicator({ typing }: { typing: Conversation['typing'] }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="chat-typing">
      {typing && (
        <Text size="xs" c="dimmed" data-testid="chat-typing">
          {t('chat.typing', { name: typing.name })}
        </Text>
      )}
    </div>
  );
}
