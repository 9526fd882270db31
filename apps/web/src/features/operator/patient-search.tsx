import { Anchor, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Patient } from '@rozmova/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { usePatientAppointments } from '../../lib/appointments.ts';
import { appPaths } from '../../lib/paths.ts';
import { LOOKUP_MIN_LENGTH, usePatientLookup } from './patient-api.ts';
import { lastConsultation } from './patient-bookings.ts';

/**
 * Patient search: by e-mail, phone or name, as typed (the text is kept in the address, so going back shows the same
 * results). Enter opens the only result; the arrow keys move between the search box and the results.
 */
export function PatientSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [criteria] = useDebouncedValue(text, 300);
  const lookup = usePatientLookup(criteria);
  const list = useRef<HTMLDivElement>(null);
  const found = lookup.data?.patients ?? [];
  const searching = criteria.trim().length >= LOOKUP_MIN_LENGTH;

  const change = (value: string) => {
    setText(value);
    setParams(value.trim() ? { q: value } : {}, { replace: true });
  };
  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const moveFocus = (event: KeyboardEvent, by: 1 | -1) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = index + by;
    event.preventDefault();
    if (next < 0) document.getElementById('patient-search')?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') moveFocus(event, 1);
    else if (event.key === 'ArrowUp') moveFocus(event, -1);
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('operatorConsole.search.title')}</Title>
      <SectionCard title={t('operatorConsole.search.formTitle')}>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            if (found.length === 1) void navigate(appPaths.operatorPatient(found[0]!.id));
          }}
        >
          <TextInput
            id="patient-search"
            type="search"
            label={t('operatorConsole.search.label')}
            description={t('operatorConsole.search.hint')}
            value={text}
            onChange={(event) => change(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'ArrowDown' && moveFocus(event, 1)}
            maxLength={254}
            autoComplete="off"
            autoFocus
          />
        </form>
        <FormError error={lookup.error} />
        <div aria-live="polite">
          {searching && lookup.isFetching && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
          {searching && lookup.data && !lookup.isFetching && (
            <Text size="sm">
              {found.length ? t('operatorConsole.search.found', { n: found.length }) : t('operatorConsole.search.none')}
            </Text>
          )}
        </div>
        {searching && found.length > 0 && (
          <div ref={list} onKeyDown={onKeyDown}>
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {found.map((patient) => (
                <SearchResult key={patient.id} patient={patient} />
              ))}
            </Stack>
          </div>
        )}
      </SectionCard>
    </Stack>
  );
}

function SearchResult({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation();
  const appointments = usePatientAppointments(patient.id);
  const last = lastConsultation(appointments.data);
  return (
    <li className="operator-result">
      <Anchor component={Link} to={appPaths.operatorPatient(patient.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {patient.user_name}
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {patient.email}
        {patient.phone && ` · ${patient.phone}`}
      </Text>
      <Text size="sm" c="dimmed">
        {last
          ? t('operatorConsole.search.last', {
              date: appointmentDateText(last.appointment_date, i18n.resolvedLanguage ?? 'en'),
              doctor: last.doctor.user_name,
            })
          : appointments.data && t('operatorConsole.search.noConsultations')}
      </Text>
    </li>
  );
}
