import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { CONSOLE_PAGE_SIZE } from './console-api.ts';

/** A list's failure as an alert. */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="danger" role="alert">
      {errorText(t, error)}
    </Alert>
  );
}

/** "Found: n" and the page buttons (only with more than one page). */
export function Pages({ total, page, onChange }: { total: number; page: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" c="dimmed" role="status">
        {t('adminConsole.found', { count: total })}
      </Text>
      <Pager total={total} pageSize={CONSOLE_PAGE_SIZE} page={page} onChange={onChange} />
    </>
  );
}
