import { Anchor, Group, Text } from '@mantine/core';
import { pendingAppointmentStatuses, type Appointment } from '@rozmova/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { appPaths } from '../../lib/paths.ts';
import { useDoctorAppointments } from './api.ts';
import { listFrom } from './times.ts';
import './doctor-console.css';

/**
 * Whose console this is: a doctor's own; an admin's choice in `?doctorId=` (empty until chosen). `query` keeps that
 * choice on the console's links.
 */
export function useConsoleDoctor() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const isAdmin = user?.user_role === 'admin';
  const doctorId = isAdmin ? (params.get('doctorId') ?? '') : (user?.id ?? '');
  const query = isAdmin && doctorId ? { doctorId } : {};
  return { doctorId, isAdmin, query };
}

/** The first scheduled or running consultation that has not ended. */
function nextConsultation(appointments: readonly Appointment[], now: Date): Appointment | undefined {
  return [...appointments]
    .filter((item) => (pendingAppointmentStatuses as readonly string[]).includes(item.appointment_status))
    .filter((item) => Date.parse(item.appointment_endDate) > now.getTime())
    .sort((a, b) => Date.parse(a.appointment_date) - Date.parse(b.appointment_date))[0];
}

/** The console's own navigation (Consultations, My patients, Ratings) and the next patient one click away. */
export function DoctorNav() {
  const { t, i18n } = useTranslation();
  const { doctorId, query } = useConsoleDoctor();
  // The same query as the consultations list of today (one request for both).
  const from = useMemo(() => listFrom(new Date()), []);
  const appointments = useDoctorAppointments(doctorId, from);
  const next = appointments.data && nextConsultation(appointments.data, new Date());
  if (!doctorId) return null;
  const links = [
    { to: appPaths.doctorConsole(query), label: t('doctorPatients.nav.consultations') },
    { to: appPaths.doctorSection('patients', query), label: t('doctorPatients.nav.patients') },
    { to: appPaths.doctorSection('ratings', query), label: t('doctorPatients.nav.ratings') },
  ];
  return (
    <Group component="nav" aria-label={t('doctorPatients.nav.label')} justify="space-between" gap="sm" wrap="wrap">
      <Group gap="md" wrap="wrap">
        {links.map((link) => (
          <Anchor key={link.to} component={NavLink} to={link.to} end className="doctor-nav-link">
            {link.label}
          </Anchor>
        ))}
      </Group>
      {next ? (
        <Anchor component={Link} to={appPaths.doctorPatient(next.appointment_patientId, query)} fw={600}>
          {t('doctorPatients.nextPatient', {
            name: next.patient.user_name,
            time: appointmentDateText(next.appointment_date, i18n.resolvedLanguage ?? 'en'),
          })}
        </Anchor>
      ) : (
        appointments.data && <Text size="sm">{t('doctorPatients.noNextPatient')}</Text>
      )}
    </Group>
  );
}
