import { Anchor, Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Appointment } from '@rozmova/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CompleteConsultationModal } from '../../components/complete-consultation-modal.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { useNow } from '../../lib/use-now.ts';
import { useDoctorAppointments, useJoinMeeting, useUpdateAppointment, useWaitingPatients } from './api.ts';
import { CallRecordSummary } from './call-record.tsx';
import { useConsoleDoctor } from './doctor-nav.tsx';
import { WaitingPatients } from './waiting-patients.tsx';
import {
  canCancel,
  canComplete,
  canJoin,
  groupAppointments,
  joinOpensAt,
  listFrom,
  localTimeZone,
  nextChange,
  rangeText,
  timeText,
} from './times.ts';
import { appPaths } from '../../lib/paths.ts';
import { priceText } from '../../lib/format.ts';

const statusColor: Record<Appointment['appointment_status'], string> = {
  scheduled: 'brand',
  running: 'brand',
  completed: 'gray',
  canceled: 'danger',
};

/** Redrawn every 30 seconds, and at the next moment a button appears or goes. */
const REDRAW_MS = 30_000;

type Dialog = { kind: 'complete' | 'cancel'; appointment: Appointment };

/**
 * Today's and upcoming appointments of one doctor, with join, complete-with-a-note and cancel; patients waiting in a
 * room first, and the call record of running and completed consultations.
 */
export function AppointmentsPanel({ doctorId, timeZone }: { doctorId: string; timeZone: string }) {
  const { t } = useTranslation();
  // One query per day: `from` is computed again when the day changes, not with every tick.
  const [dayKey, setDayKey] = useState(() => new Date().toDateString());
  const from = useMemo(() => listFrom(new Date(dayKey)), [dayKey]);
  const appointments = useDoctorAppointments(doctorId, from);
  const nowMs = useNow((at) => {
    const wake = nextChange(appointments.data ?? [], new Date(at));
    return wake === undefined ? REDRAW_MS : Math.min(REDRAW_MS, Math.max(0, wake.getTime() - at) + 50);
  });
  const now = useMemo(() => new Date(nowMs), [nowMs]);
  if (now.toDateString() !== dayKey) setDayKey(now.toDateString());
  const [withCancelled, setWithCancelled] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const waiting = useWaitingPatients(doctorId).data ?? [];
  const groups = useMemo(
    () => groupAppointments(appointments.data ?? [], now, timeZone, withCancelled),
    [appointments.data, now, timeZone, withCancelled],
  );

  if (!appointments.data) {
    return appointments.error ? <FormError error={appointments.error} /> : <Loader role="status" aria-label={t('common.loading')} />;
  }
  const sections = [
    { id: 'doctor-today', title: t('doctor.today'), items: groups.today, empty: t('doctor.noneToday') },
    { id: 'doctor-upcoming', title: t('doctor.upcoming'), items: groups.upcoming, empty: t('doctor.noneUpcoming') },
  ];
  return (
    <Stack gap="lg">
      <WaitingPatients waiting={waiting} timeZone={timeZone} />
      <Switch
        label={t('doctor.showCancelled')}
        checked={withCancelled}
        onChange={(event) => setWithCancelled(event.currentTarget.checked)}
      />
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <Title order={2} fz="lg" id={section.id} mb="sm">
            {section.title}
          </Title>
          {section.items.length === 0 ? (
            <Text>{section.empty}</Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {section.items.map((appointment) => (
                <AppointmentItem
                  key={appointment.id}
                  appointment={appointment}
                  now={now}
                  timeZone={timeZone}
                  waiting={waiting.some((patient) => patient.appointmentId === appointment.id)}
                  onComplete={() => setDialog({ kind: 'complete', appointment })}
                  onCancel={() => setDialog({ kind: 'cancel', appointment })}
                />
              ))}
            </Stack>
          )}
        </section>
      ))}
      {dialog?.kind === 'complete' && <CompleteConsultationModal appointment={dialog.appointment} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && <CancelModal appointment={dialog.appointment} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

interface ItemProps {
  appointment: Appointment;
  now: Date;
  timeZone: string;
  /** The patient waits in the room now. */
  waiting: boolean;
  onComplete: () => void;
  onCancel: () => void;
}

function AppointmentItem({ appointment, now, timeZone, waiting, onComplete, onCancel }: ItemProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const { query: linkQuery } = useConsoleDoctor();
  const join = useJoinMeeting();
  const start = appointment.appointment_date;
  const end = appointment.appointment_endDate;
  const doctorTime = rangeText(start, end, language, timeZone);
  const viewerZone = localTimeZone();
  const viewerTime = rangeText(start, end, language, viewerZone);
  const name = appointment.patient.user_name;
  const joinable = canJoin(appointment, now);
  const opensAt = joinOpensAt(appointment);
  const titleId = `appointment-${appointment.id}`;

  const joinMeeting = () =>
    join.mutate(appointment.id, {
      onSuccess: (result) => void navigate(appPaths.meeting(result?.appointment_roomId ?? appointment.appointment_roomId)),
      onError: (error) => notifications.show({ color: 'danger', message: errorText(t, error) }),
    });

  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={appPaths.doctorPatient(appointment.appointment_patientId, linkQuery)} inherit>
              {name}
            </Anchor>
          </Title>
          <Group gap={6}>
            {waiting && (
              <Badge color="brand" variant="filled">
                {t('doctor.waiting.badge')}
              </Badge>
            )}
            <Badge
              color={statusColor[appointment.appointment_status]}
              variant={appointment.appointment_status === 'running' ? 'filled' : 'light'}
            >
              {t(`doctor.status.${appointment.appointment_status}`)}
            </Badge>
            <Badge color="gray" variant="light">
              {t(`doctor.payment.${appointment.appointment_paymentStatus}`)}
            </Badge>
          </Group>
        </Group>
        <Text>{t('doctor.doctorTime', { time: doctorTime, zone: timeZone })}</Text>
        {viewerTime !== doctorTime && <Text size="sm">{t('doctor.yourTime', { time: viewerTime, zone: viewerZone })}</Text>}
        {appointment.appointment_price > 0 && (
          <Text size="sm">{t('doctor.price', { price: priceText(appointment.appointment_price, language) })}</Text>
        )}
        {appointment.appointment_reason && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('doctor.reason', { reason: appointment.appointment_reason })}
          </Text>
        )}
        {appointment.appointment_note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('doctor.note', { note: appointment.appointment_note })}
          </Text>
        )}
        {appointment.appointment_advice && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('doctor.advice', { advice: appointment.appointment_advice })}
          </Text>
        )}
        {(appointment.appointment_status === 'running' || appointment.appointment_status === 'completed') && (
          <CallRecordSummary appointmentId={appointment.id} timeZone={timeZone} />
        )}
        <Group gap="xs" mt={4}>
          {(appointment.appointment_status === 'scheduled' || appointment.appointment_status === 'running') && (
            <Button
              size="sm"
              onClick={joinMeeting}
              disabled={!joinable}
              loading={join.isPending}
              aria-label={t('doctor.joinNamed', { name })}
            >
              {t('doctor.join')}
            </Button>
          )}
          {canComplete(appointment, now) && (
            <Button size="sm" variant="default" onClick={onComplete} aria-label={t('doctor.completeNamed', { name })}>
              {t('doctor.complete')}
            </Button>
          )}
          {canCancel(appointment) && (
            <Button size="sm" variant="outline" color="danger" onClick={onCancel} aria-label={t('doctor.cancelNamed', { name })}>
              {t('doctor.cancel')}
            </Button>
          )}
          {appointment.appointment_status === 'scheduled' && !joinable && now < opensAt && (
            <Text size="sm">{t('doctor.joinOpens', { time: timeText(opensAt, viewerZone) })}</Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function CancelModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateAppointment();
  const confirm = () =>
    update.mutate(
      { id: appointment.id, body: { appointment_status: 'canceled' } },
      {
        onSuccess: () => {
          notifications.show({ message: t('doctor.cancelled', { name: appointment.patient.user_name }) });
          onClose();
        },
      },
    );
  return (
    <ConfirmModal
      title={t('doctor.cancelTitle')}
      text={t('doctor.cancelText', { name: appointment.patient.user_name })}
      confirmLabel={t('doctor.cancelConfirm')}
      cancelLabel={t('doctor.keep')}
      confirmColor="danger"
      onConfirm={confirm}
      onClose={onClose}
      pending={update.isPending}
      error={update.error}
      focusCancel
    />
  );
}
