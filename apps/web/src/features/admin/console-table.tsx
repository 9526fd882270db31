import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/pager.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { currentLocale } from '../../lib/i18n.ts';
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

/** An instant as "25 Nov 2026, 14:05" in the reader's language and time zone. */
export const dateTimeText = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale() === 'uk' ? 'uk-UA' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Kopiyky as hryvnias ("900,00 ₴" / "UAH 900.00"). */
export const uahText = (kopiyky: number) =>
  new Intl.NumberFormat(currentLocale() === 'uk' ? 'uk-UA' : 'en-GB', { style: 'currency', currency: 'UAH' }).format(kopiyky / 100);
