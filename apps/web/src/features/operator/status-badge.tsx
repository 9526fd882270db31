import { Badge } from '@mantine/core';
import type { ChatPatientStatus } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<ChatPatientStatus, string> = { new: 'blue', active: 'brand', awaiting: 'orange', closed: 'gray' };

/** A conversation's status as a word, also readable without its colour. */
export function StatusBadge({ status }: { status: ChatPatientStatus }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={colors[status]}>
      {t(`operator.status.${status}`)}
    </Badge>
  );
}
