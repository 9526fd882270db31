import { Anchor, Button, CloseButton, Group, NativeSelect, Pill, Stack, TextInput, Title } from '@mantine/core';
import { auditActions, type AuditEntry } from '@rozmova/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { CONSOLE_PAGE_SIZE, downloadAuditCsv, optionOf, useAuditLog, type AuditFilter } from './console-api.ts';
import { ConsoleTable, type ConsoleColumn } from '../../components/console-table.tsx';
import { dateTimeText } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

const emptyFilter: AuditFilter = { actorId: '', patientId: '', action: '', from: '', to: '' };

/** The filtered log as a CSV file: the download, whether it is under way and why it failed. */
function useAuditExport(filter: AuditFilter) {
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exportCsv, exporting, exportError };
}

/** The log's columns; a person's name is a button that filters by that person. */
function useAuditColumns({
  onActor,
  onPatient,
}: {
  onActor: (entry: AuditEntry) => void;
  onPatient: (entry: AuditEntry) => void;
}): ConsoleColumn<AuditEntry>[] {
  const { t } = useTranslation();
  return [
    { header: t('adminConsole.audit.when'), cell: (entry) => dateTimeText(entry.created_at, currentLocale()) },
    {
      header: t('adminConsole.audit.who'),
      cell: (entry) => (
        <>
          <Anchor component="button" type="button" onClick={() => onActor(entry)}>
            {entry.actor_name}
          </Anchor>{' '}
          ({t(`roles.${entry.actor_role}`)})
        </>
      ),
    },
    {
      header: t('adminConsole.audit.action'),
      cell: (entry) => t(`adminConsole.audit.actions.${entry.action}`, { defaultValue: entry.action }),
    },
    {
      header: t('adminConsole.audit.what'),
      cell: (entry) => t(`adminConsole.audit.resources.${entry.resource}`, { defaultValue: entry.resource }),
    },
    {
      header: t('adminConsole.audit.patient'),
      cell: (entry) =>
        entry.patient_id && entry.patient_name !== null ? (
          <Anchor component="button" type="button" onClick={() => onPatient(entry)}>
            {entry.patient_name || t('adminConsole.audit.removedPatient')}
          </Anchor>
        ) : (
          '—'
        ),
    },
  ];
}

/** The action and date filters, then `children` (the export button) at the end of the row. */
function AuditFilters({
  filter,
  onChange,
  children,
}: {
  filter: AuditFilter;
  onChange: (values: Partial<AuditFilter>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const field = { w: { base: '100%', xs: 180 } } as const;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('adminConsole.audit.action')}
        value={filter.action}
        onChange={(event) => onChange({ action: optionOf(auditActions, event.currentTarget.value) })}
        data={[
          { value: '', label: t('adminConsole.all') },
          ...auditActions.map((value) => ({ value, label: t(`adminConsole.audit.actions.${value}`) })),
        ]}
        {...field}
      />
      <TextInput
        type="date"
        label={t('adminConsole.from')}
        value={filter.from}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        {...field}
      />
      <TextInput
        type="date"
        label={t('adminConsole.to')}
        value={filter.to}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        {...field}
      />
      {children}
    </Group>
  );
}

/** The person the log is filtered by, with a button that clears that filter. */
function ChosenPerson({ kind, name, onClear }: { kind: 'actor' | 'patient'; name: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Pill size="lg" withRemoveButton={false}>
      <Group gap={4} wrap="nowrap">
        {t(`adminConsole.audit.${kind}Chosen`, { name })}
        <CloseButton size="sm" aria-label={t('adminConsole.audit.clear', { name })} onClick={onClear} />
      </Group>
    </Pill>
  );
}

/** Who of the staff read or changed whose data: filters (a name in the table filters by that person), pages, CSV. */
export function AuditSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(emptyFilter);
  const [names, setNames] = useState({ actor: '', patient: '' });
  const [page, setPage] = useState(1);
  const { exportCsv, exporting, exportError } = useAuditExport(filter);
  const log = useAuditLog(filter, page);
  const change = (values: Partial<AuditFilter>) => {
    setFilter((current) => ({ ...current, ...values }));
    setPage(1);
  };
  const columns = useAuditColumns({
    onActor: (entry) => {
      setNames((current) => ({ ...current, actor: entry.actor_name }));
      change({ actorId: entry.actor_id });
    },
    onPatient: (entry) => {
      setNames((current) => ({ ...current, patient: entry.patient_name ?? '' }));
      change({ patientId: entry.patient_id ?? '' });
    },
  });
  return (
    <Stack gap="md">
      <Title order={1}>{t('adminConsole.audit.title')}</Title>
      <AuditFilters filter={filter} onChange={change}>
        <Button variant="default" onClick={exportCsv} loading={exporting}>
          {t('adminConsole.audit.export')}
        </Button>
      </AuditFilters>
      <Group gap="xs">
        {filter.actorId && <ChosenPerson kind="actor" name={names.actor} onClear={() => change({ actorId: '' })} />}
        {filter.patientId && <ChosenPerson kind="patient" name={names.patient} onClear={() => change({ patientId: '' })} />}
      </Group>
      <FormError error={exportError} />
      <ConsoleTable
        label={t('adminConsole.audit.title')}
        caption={t('adminConsole.audit.hint')}
        minWidth={720}
        columns={columns}
        rows={log.data?.entries}
        rowKey={(entry) => entry.id}
        error={log.error}
        paging={{ total: log.data?.total ?? 0, page, pageSize: CONSOLE_PAGE_SIZE, onChange: setPage }}
      />
    </Stack>
  );
}
