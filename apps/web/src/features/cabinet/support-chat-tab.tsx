import { Box } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { SupportPane } from '../../components/chat/support-pane.tsx';
import { useSupportConversation } from '../../lib/chat/support.ts';

/** The cabinet's chat section: the support conversation in the page (the floating button is hidden here). */
export function SupportChatTab({ userId }: { userId: string }) {
  const chat = useSupportConversation(useDocumentVisibility() === 'visible');
  return (
    <Box h="min(70vh, 40rem)" mih="24rem">
      <SupportPane chat={chat} userId={userId} />
    </Box>
  );
}
