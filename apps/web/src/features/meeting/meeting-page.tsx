import './meeting.css';
import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Appointment, User } from '@rozmova/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { authStore, useAuth } from '../../lib/auth-store.ts';
import { readAuthToken } from '../../lib/auth-token.ts';
import { appPaths } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRoomAppointment } from './api.ts';
import { ClosedConsultation } from './closed-consultation.tsx';
import { EndedNotice } from './ended-notice.tsx';
import { MeetingRoom } from './meeting-room.tsx';

/**
 * `/meet/:roomId` (docs/decisions.md "The meeting room (web)"). No route guard: a visitor is asked to sign in here
 * and the room continues after it. A well-formed room id the server answers 404 for is "not in your account" (the
 * server does not tell an unknown room from another person's); a malformed one never gets here (the route's 404).
 */
export function MeetingPage() {
  const { roomId = '' } = useParams();
  const { user } = useAuth();
  const [checked, setChecked] = useState(() => user !== null || !readAuthToken());
  useEffect(() => {
    if (!checked) void authStore.restoreSession().finally(() => setChecked(true));
  }, [checked]);
  if (!checked) return <Loading />;
  if (!user) return <SignInPrompt />;
  return <RoomOfUser key={`${user.id}:${roomId}`} roomId={roomId} user={user} />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text role="status">{t('meeting.loading')}</Text>
      </Stack>
    </Center>
  );
}

/** The sign-in dialog opens at once over the page (once: closing it leaves this prompt and its button). */
function SignInPrompt() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const opened = useRef(false);
  const openDialog = (replace: boolean) => {
    const next = new URLSearchParams(params);
    next.set('auth', 'login');
    setParams(next, { replace });
  };
  useEffect(() => {
    if (opened.current || params.has('auth')) return;
    opened.current = true;
    openDialog(true);
  });
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('meeting.signIn.title')}</Title>
        <Text>{t('meeting.signIn.text')}</Text>
        <Text size="sm">{t('meeting.signIn.noPassword')}</Text>
        <Group>
          <Button onClick={() => openDialog(false)}>{t('meeting.signIn.button')}</Button>
        </Group>
      </Stack>
    </Container>
  );
}

function NotYours() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const otherAccount = async () => {
    await authStore.logout();
    const next = new URLSearchParams(params);
    next.set('auth', 'login');
    setParams(next);
  };
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('meeting.notYours.title')}</Title>
        <Text>{t('meeting.notYours.text')}</Text>
        <Text>{t('meeting.notYours.otherAccountText')}</Text>
        <Group gap="sm">
          <Button component={Link} to={appPaths.cabinet()}>
            {t('meeting.notYours.cabinet')}
          </Button>
          <Button variant="default" onClick={() => void otherAccount()}>
            {t('meeting.notYours.otherAccount')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** The consultation was this person's on this page and is not any more (moved to another doctor while in its room). */
function NoLongerYours({ doctor }: { doctor: boolean }) {
  const { t } = useTranslation();
  return (
    <EndedNotice title={t('meeting.noLongerYours.title')} text={t('meeting.noLongerYours.text')}>
      <Button component={Link} to={doctor ? appPaths.doctor : appPaths.cabinet()}>
        {t(doctor ? 'meeting.closed.console' : 'meeting.closed.cabinet')}
      </Button>
    </EndedNotice>
  );
}

const roleIn = (appointment: Appointment, user: User) => (appointment.appointment_doctorId === user.id ? 'doctor' : 'patient');

function RoomOfUser({ roomId, user }: { roomId: string; user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const appointment = useRoomAppointment(roomId);
  const [notYours, setNotYours] = useState(false);
  // Loaded once as this person's: a later 404 (or the server taking it out of the room) means it no longer is.
  const [wasYours, setWasYours] = useState(false);
  if (appointment.data && !wasYours) setWasYours(true);
  // The consultation was open on this page and then ended (meeting-ended, or the refetch it causes): a patient is
  // asked for feedback at once.
  const pending = appointment.data?.appointment_status === 'scheduled' || appointment.data?.appointment_status === 'running';
  const [seenPending, setSeenPending] = useState(false);
  if (pending && !seenPending) setSeenPending(true);

  if (notYours || (appointment.error instanceof ApiError && appointment.error.status === 404)) {
    return wasYours ? <NoLongerYours doctor={user.user_role === 'doctor'} /> : <NotYours />;
  }
  if (appointment.error) {
    return (
      <Container size="sm" py={64}>
        <Alert color="danger" role="alert" title={t('meeting.loadFailed')}>
          <Button mt="sm" variant="default" onClick={() => void appointment.refetch()}>
            {t('meeting.retry')}
          </Button>
        </Alert>
      </Container>
    );
  }
  if (!appointment.data) return <Loading />;
  const current = appointment.data;
  const role = roleIn(current, user);

  if (current.appointment_status === 'completed' || current.appointment_status === 'canceled') {
    return <ClosedConsultation appointment={current} role={role} userId={user.id} askFeedback={seenPending} />;
  }
  return (
    <MeetingRoom
      appointment={current}
      role={role}
      onClosed={(status) => {
        // The server said so (meeting-ended, or a refused join): show it now and read the consultation again.
        if (status)
          client.setQueryData<Appointment>(
            queryKeys.appointments.byRoom(roomId),
            (data) => data && { ...data, appointment_status: status },
          );
        void client.invalidateQueries({ queryKey: queryKeys.appointments.byRoom(roomId) });
      }}
      onNotYours={() => setNotYours(true)}
    />
  );
}
