import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export function Logo() {
  return (
    <UnstyledButton component={Link} to="/" aria-label="Rozmova" className="logo-link">
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#008465" />
          <path d="M9 9h9a6 6 0 0 1 1.5 11.8L24 25h-4.5l-3.8-4H13v4H9zm4 3.5v5h5a2.5 2.5 0 0 0 0-5z" fill="#fff" />
        </svg>
        <Text component="span" fw={700} fz="lg">
          Rozmova
        </Text>
      </Group>
    </UnstyledButton>
  );
}
