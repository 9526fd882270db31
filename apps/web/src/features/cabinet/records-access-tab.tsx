import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import type { RecordAccessEntry } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { appPaths } from '../../lib/paths.ts';
import { RECORD_ACCESS_PAGE, useRecordAccess } from './history-api.ts';

/** "Who opened my records": the patient's own view of the audit log, in plain words, a page at a time. */
export function RecordsAccessTab({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const access = useRecordAccess(patientId, (page - 1) * RECORD_ACCESS_PAGE);
  const what = (entry: RecordAccessEntry) =>
    t([`history.access.${entry.action}.${entry.resource}`, `history.access.${entry.action}.other`, 'history.access.other']);
  return (
    <Stack gap="lg">
      <SectionCard title={t('history.accessTitle')} titleId="records-access-title">
        <Text>{t('history.accessWhy')}</Text>
        <Text>
          {t('history.accessWrong')}{' '}
          <Anchor component={Link} to={appPaths.contacts}>
            {t('history.accessContact')}
          </Anchor>
        </Text>
      </SectionCard>
      {access.error ? (
        <FormError error={access.error} />
      ) : !access.data ? (
        <Loader aria-label={t('common.loading')} size="sm" />
      ) : access.data.total === 0 ? (
        <Text>{t('history.accessNone')}</Text>
      ) : (
        <>
          <Table striped layout="fixed" style={{ overflowWrap: 'anywhere' }}>
            <Table.Caption>{t('history.accessCaption', { count: access.data.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('history.accessWho')}</Table.Th>
                <Table.Th scope="col">{t('history.accessWhat')}</Table.Th>
                <Table.Th scope="col">{t('history.accessWhen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {access.data.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {entry.actor_name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t(`history.role.${entry.actor_role}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{what(entry)}</Table.Td>
                  <Table.Td>{appointmentDateText(entry.created_at, i18n.resolvedLanguage ?? 'en')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager total={access.data.total} pageSize={RECORD_ACCESS_PAGE} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
