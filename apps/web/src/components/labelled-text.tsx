import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only field: its label in bold above the value, which keeps its line breaks and wraps long words. */
export function LabelledText({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
