import { Badge } from '@mantine/core';
import type { ChatPatientStatus } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<ChatPatientStatus, string> = { new: 'blue', active: 'brand', awaiting: 'orange', closed: 'gray' };

/**
 * A conversation's status as a word, also readable without its colour. The word is in the text colour: orange and blue
 * on their light tint are below 4.5:1.
 */
export function StatusBadge({ status }: { status: ChatPatientStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={colors[status]} c="var(--mantine-color-text)">
      {t(`operator.status.${status}`)}
    </Badge>
  );
}
