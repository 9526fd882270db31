import { Anchor, Badge, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { Appointment, Doctor } from '@rozmova/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../components/section-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { appPaths } from '../../lib/paths.ts';
import { useNow } from '../../lib/use-now.ts';
import {
  agendaRange,
  agendaStatus,
  dayHeading,
  dayTitle,
  groupByDay,
  hoursText,
  stepDay,
  timeRangeText,
  viewDays,
  weekTitle,
  workingHoursOn,
  type AgendaDay,
  type AgendaEntry,
  type AgendaStatus,
  type AgendaView,
} from './agenda.ts';
import { useDoctorAgenda } from './api.ts';
import { useConsoleDoctor } from './doctor-nav.tsx';
import { canJoin, nextChange, zoneDateKey } from './times.ts';
import './agenda.css';

/** Redrawn every minute (today's mark), and when a room opens or closes. */
const REDRAW_MS = 60_000;

const statusBadge: Record<AgendaStatus, { color: string; variant: 'light' | 'filled' }> = {
  scheduled: { color: 'brand', variant: 'light' },
  awaitingPayment: { color: 'yellow', variant: 'light' },
  running: { color: 'brand', variant: 'filled' },
  completed: { color: 'gray', variant: 'light' },
};

/**
 * The doctor's consultations by day or by week, in the doctor's time zone, with its working hours for context. Weeks
 * run Monday to Sunday; at a narrow width the week is a list of days.
 */
export function Agenda({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const timeZone = doctor.time_zone;
  const titleId = useId();
  const [view, setView] = useState<AgendaView>('day');
  const [day, setDay] = useState(() => zoneDateKey(new Date(), timeZone));
  const range = useMemo(() => agendaRange(day, timeZone), [day, timeZone]);
  const agenda = useDoctorAgenda(doctor.id, range);
  const nowMs = useNow((at) => {
    const wake = nextChange(agenda.data ?? [], new Date(at));
    return wake === undefined ? REDRAW_MS : Math.min(REDRAW_MS, Math.max(0, wake.getTime() - at) + 50);
  });
  const now = useMemo(() => new Date(nowMs), [nowMs]);
  const today = zoneDateKey(now, timeZone);
  const days = useMemo(() => groupByDay(agenda.data ?? [], viewDays(view, day), timeZone), [agenda.data, view, day, timeZone]);
  const step = (by: 1 | -1) => setDay(stepDay(view, day, by));
  const openDay = (next: string) => {
    setDay(next);
    setView('day');
  };

  return (
    <SectionCard title={t('doctorAgenda.title')} gap="md">
      <Text size="sm">{t('doctorAgenda.zone', { zone: timeZone })}</Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('doctorAgenda.view')}
          value={view}
          onChange={(value) => setView(value as AgendaView)}
          data={[
            { value: 'day', label: t('doctorAgenda.day') },
            { value: 'week', label: t('doctorAgenda.week') },
          ]}
        />
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            onClick={() => step(-1)}
            aria-label={t(view === 'day' ? 'doctorAgenda.previousDay' : 'doctorAgenda.previousWeek')}
          >
            ‹
          </Button>
          <Button variant="default" onClick={() => setDay(today)}>
            {t('doctorAgenda.today')}
          </Button>
          <Button
            variant="default"
            onClick={() => step(1)}
            aria-label={t(view === 'day' ? 'doctorAgenda.nextDay' : 'doctorAgenda.nextWeek')}
          >
            ›
          </Button>
        </Group>
      </Group>
      <Group gap="xs" align="center">
        <Title order={3} fz="md" id={titleId} aria-live="polite">
          {view === 'day' ? dayTitle(day, language) : weekTitle(day, language)}
        </Title>
        {view === 'day' && day === today && (
          <Badge variant="light" color="brand">
            {t('doctorAgenda.today')}
          </Badge>
        )}
      </Group>
      {!agenda.data ? (
        agenda.error ? (
          <FormError error={agenda.error} />
        ) : (
          <Loader role="status" aria-label={t('common.loading')} />
        )
      ) : view === 'day' ? (
        <DayView agendaDay={days[0]!} doctor={doctor} now={now} labelledBy={titleId} />
      ) : (
        <WeekView days={days} doctor={doctor} now={now} labelledBy={titleId} today={today} onOpenDay={openDay} />
      )}
    </SectionCard>
  );
}

interface ViewProps {
  doctor: Doctor;
  now: Date;
  /** The id of the heading that names the day or the week. */
  labelledBy: string;
}

function WorkingHours({ doctor, day }: { doctor: Doctor; day: string }) {
  const { t } = useTranslation();
  const hours = workingHoursOn(doctor, day);
  return (
    <Text size="sm" c="dimmed">
      {hours.length > 0 ? t('doctorAgenda.hours', { hours: hoursText(hours) }) : t('doctorAgenda.noHours')}
    </Text>
  );
}

function DayView({ agendaDay, doctor, now, labelledBy }: ViewProps & { agendaDay: AgendaDay<Appointment> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <WorkingHours doctor={doctor} day={agendaDay.day} />
      {agendaDay.entries.length === 0 ? (
        <Text>{t('doctorAgenda.emptyDay')}</Text>
      ) : (
        <ul className="agenda-entries" aria-labelledby={labelledBy}>
          {agendaDay.entries.map((entry) => (
            <AgendaItem key={entry.appointment.id} entry={entry} timeZone={doctor.time_zone} now={now} />
          ))}
        </ul>
      )}
    </Stack>
  );
}

interface WeekProps extends ViewProps {
  days: AgendaDay<Appointment>[];
  today: string;
  onOpenDay: (day: string) => void;
}

function WeekView({ days, doctor, now, labelledBy, today, onOpenDay }: WeekProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack gap="sm">
      {days.every((item) => item.entries.length === 0) && <Text>{t('doctorAgenda.emptyWeek')}</Text>}
      <ul className="agenda-week" aria-labelledby={labelledBy}>
        {days.map(({ day, entries }) => (
          <li key={day} className="agenda-day" aria-current={day === today ? 'date' : undefined}>
            <Stack gap={6}>
              <Group gap={6} wrap="wrap">
                <Title order={4} fz="sm">
                  <Anchor component="button" type="button" inherit onClick={() => onOpenDay(day)}>
                    {dayHeading(day, language)}
                  </Anchor>
                </Title>
                {day === today && (
                  <Badge size="xs" variant="light" color="brand">
                    {t('doctorAgenda.today')}
                  </Badge>
                )}
              </Group>
              <WorkingHours doctor={doctor} day={day} />
              {entries.length === 0 ? (
                <Text size="sm">{t('doctorAgenda.none')}</Text>
              ) : (
                <ul className="agenda-entries">
                  {entries.map((entry) => (
                    <AgendaItem key={entry.appointment.id} entry={entry} timeZone={doctor.time_zone} now={now} />
                  ))}
                </ul>
              )}
            </Stack>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

function AgendaItem({ entry, timeZone, now }: { entry: AgendaEntry<Appointment>; timeZone: string; now: Date }) {
  const { t } = useTranslation();
  const { isAdmin, query } = useConsoleDoctor();
  const { appointment, startsBefore, endsAfter } = entry;
  const status = agendaStatus(appointment);
  const name = appointment.patient.user_name;
  return (
    <li className="agenda-entry" data-status={status}>
      <Text size="sm" fw={700}>
        {timeRangeText(appointment, timeZone)}
      </Text>
      {startsBefore && <Text size="xs">{t('doctorAgenda.fromPreviousDay')}</Text>}
      {endsAfter && <Text size="xs">{t('doctorAgenda.intoNextDay')}</Text>}
      <Anchor component={Link} to={appPaths.doctorPatient(appointment.appointment_patientId, query)} size="sm" className="agenda-name">
        {name}
      </Anchor>
      <Group gap={4} wrap="wrap">
        <Badge size="sm" {...statusBadge[status]} className="agenda-badge">
          {t(`doctorAgenda.status.${status}`)}
        </Badge>
        {appointment.appointment_urgent && (
          <Badge size="sm" color="danger" variant="filled" className="agenda-badge">
            {t('doctorAgenda.urgent')}
          </Badge>
        )}
      </Group>
      {/* Only the consultation's own doctor enters its room; an admin viewing the console does not. */}
      {!isAdmin && canJoin(appointment, now) && (
        <Button
          component={Link}
          to={appPaths.meeting(appointment.appointment_roomId)}
          size="compact-sm"
          mt={4}
          aria-label={t('doctor.joinNamed', { name })}
        >
          {t('doctor.join')}
        </Button>
      )}
    </li>
  );
}
