import type { ReactNode } from 'react';
import { Container, Group, Stack, Text, Title } from '@mantine/core';

/** The room's page once the call is over for this person: a heading, a sentence and the ways on. */
export function EndedNotice({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="meeting-room" data-testid="meeting-room" data-call-state="ended">
      <Container size="sm" py={64}>
        <Stack gap="md">
          <Title order={1}>{title}</Title>
          <Text>{text}</Text>
          <Group gap="sm">{children}</Group>
        </Stack>
      </Container>
    </div>
  );
}
