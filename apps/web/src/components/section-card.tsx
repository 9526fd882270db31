import { Card, Stack, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  /** The section's heading; without it, `titleId` names a heading the children render. */
  title?: ReactNode;
  /** The id of the heading that names the section (`aria-labelledby`); one is made when a title is given. */
  titleId?: string;
  titleOrder?: 2 | 3;
  /** The space between the heading and each block of the content. */
  gap?: MantineSpacing;
  children: ReactNode;
}

/** A bordered card that is a page section named by its heading, so assistive technology lists it as a region. */
export function SectionCard({ title, titleId, titleOrder = 2, gap = 'sm', children }: SectionCardProps) {
  const madeId = useId();
  const headingId = titleId ?? (title === undefined ? undefined : madeId);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap={gap}>
        {title !== undefined && (
          <Title order={titleOrder} fz="lg" id={headingId}>
            {title}
          </Title>
        )}
        {children}
      </Stack>
    </Card>
  );
}
