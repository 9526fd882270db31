import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { meetingEvents, type DeviceCheck, type WaitingPatient } from '@rozmova/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/api-errors.ts';
import { timeText } from '../../lib/appointment-dates.ts';
import { appPaths } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/use-realtime.ts';
import { useJoinMeeting } from './api.ts';

/** The device check a waiting patient sent, in words: what works, what was refused, how they join. */
export function deviceCheckText(t: TFunction, check: DeviceCheck): string {
  return [
    t(`doctor.waiting.camera.${check.camera}`),
    t(`doctor.waiting.microphone.${check.microphone}`),
    t(`doctor.waiting.speaker.${check.speaker}`),
    t(`doctor.waiting.network.${check.network}`),
    t(`doctor.waiting.mode.${check.mode}`),
    check.browser,
  ].join(' · ');
}

/**
 * Patients waiting in the rooms of this doctor's consultations. The server sends `meeting-waiting` to the doctor's
 * connections whenever a patient starts or stops waiting; the list (and the call records) are read again then and
 * after a reconnect. The region is a live one, so a patient arriving is announced.
 */
export function WaitingPatients({ waiting, timeZone }: { waiting: WaitingPatient[]; timeZone: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.meetings.all });
  useRealtimeEvent(meetingEvents.waiting, refresh, refresh);
  return (
    <div aria-live="polite">
      {waiting.length > 0 && (
        <Alert color="brand" variant="light" title={t('doctor.waiting.title')}>
          <List spacing="sm" listStyleType="none" p={0}>
            {waiting.map((patient) => (
              <List.Item key={patient.appointmentId}>
                <WaitingItem patient={patient} timeZone={timeZone} />
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </div>
  );
}

function WaitingItem({ patient, timeZone }: { patient: WaitingPatient; timeZone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const join = useJoinMeeting();
  const enter = () =>
    join.mutate(patient.appointmentId, {
      onSuccess: () => void navigate(appPaths.meeting(patient.roomId)),
      onError: (error) => notifications.show({ color: 'danger', message: errorText(t, error) }),
    });
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={2} style={{ flex: '1 1 16rem' }}>
        <Text fw={600}>{t('doctor.waiting.one', { name: patient.patientName, time: timeText(patient.since, timeZone) })}</Text>
        <Text size="sm">
          {patient.deviceCheck
            ? t('doctor.waiting.check', { summary: deviceCheckText(t, patient.deviceCheck) })
            : t('doctor.waiting.noCheck')}
        </Text>
      </Stack>
      <Button onClick={enter} loading={join.isPending} aria-label={t('doctor.waiting.joinNamed', { name: patient.patientName })}>
        {t('doctor.join')}
      </Button>
    </Group>
  );
}
