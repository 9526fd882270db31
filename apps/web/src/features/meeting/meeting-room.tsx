import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { Appointment, DeviceCheck, MeetingRole } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { appPaths } from '../../lib/paths.ts';
import { useJoinMeeting } from './api.ts';
import { CallView } from './call-view.tsx';
import { EndedNotice } from './ended-notice.tsx';
import type { JoinRefusal } from './call.ts';
import { buildDeviceCheck, type JoinMode } from './device-check.ts';
import { browserLabel } from './media-help.tsx';
import { Prejoin } from './prejoin.tsx';
import { useLocalMedia, useLocalMediaState } from './use-media.ts';

interface Props {
  appointment: Appointment;
  role: MeetingRole;
  /** The consultation was completed or cancelled (or the server says it is closed). */
  onClosed: (status?: 'completed' | 'canceled') => void;
  onNotYours: () => void;
}

type Stage =
  | { kind: 'prejoin' }
  | { kind: 'rejoin'; mode: JoinMode }
  | { kind: 'call'; mode: JoinMode; check: DeviceCheck; attempt: number }
  | { kind: 'left' };

/** A tab that was in the call (until it left) goes straight back in after a reload, with the same way of joining. */
const rejoinKey = (roomId: string) => `rozmova-meeting:${roomId}`;
const joinModes: readonly JoinMode[] = ['video', 'camera-off', 'audio-only'];

function savedMode(roomId: string): JoinMode | null {
  try {
    const value = sessionStorage.getItem(rejoinKey(roomId));
    return joinModes.find((mode) => mode === value) ?? null;
  } catch {
    return null;
  }
}

function rememberMode(roomId: string, mode: JoinMode | null): void {
  try {
    if (mode) sessionStorage.setItem(rejoinKey(roomId), mode);
    else sessionStorage.removeItem(rejoinKey(roomId));
  } catch {
    // Without storage a reload shows the device check again.
  }
}

/**
 * The room of a pending consultation: the device check, then the call; the camera and microphone are the same
 * throughout. `?relay=1` sends the media only through the TURN relay (networks where only that works, and tests).
 */
export function MeetingRoom({ appointment, role, onClosed, onNotYours }: Props) {
  const { t } = useTranslation();
  const roomId = appointment.appointment_roomId;
  const [params] = useSearchParams();
  const relayOnly = params.get('relay') === '1';
  const [stage, setStage] = useState<Stage>(() => {
    const mode = appointment.appointment_status === 'running' ? savedMode(roomId) : null;
    return mode ? { kind: 'rejoin', mode } : { kind: 'prejoin' };
  });
  const media = useLocalMedia(stage.kind !== 'rejoin' || stage.mode === 'video');
  const state = useLocalMediaState(media);
  const join = useJoinMeeting(roomId);

  // After a reload: back into the call once the camera and microphone have answered.
  if (stage.kind === 'rejoin' && media && !state.starting) {
    const check = buildDeviceCheck({
      media: state,
      heard: false,
      speakerTested: false,
      network: null,
      mode: stage.mode,
      browser: browserLabel(),
    });
    setStage({ kind: 'call', mode: stage.mode, check, attempt: 1 });
  }

  const enter = (mode: JoinMode, check: DeviceCheck) => {
    const start = () => {
      rememberMode(roomId, mode);
      setStage({ kind: 'call', mode, check, attempt: Date.now() });
    };
    // A running consultation is open already (also past its planned end); join-meeting is what opens it.
    if (appointment.appointment_status === 'running') return start();
    join.mutate(appointment.id, {
      onSuccess: start,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 404) onNotYours();
        else if (error.body?.code === 'APPOINTMENT_CLOSED') onClosed();
      },
    });
  };

  const refused = (code: JoinRefusal) => {
    rememberMode(roomId, null);
    if (code === 'NOT_FOUND') onNotYours();
    else if (code === 'APPOINTMENT_CLOSED') onClosed();
    else setStage({ kind: 'prejoin' });
  };

  if (!media) return null;
  if (stage.kind === 'call') {
    return (
      <CallView
        key={stage.attempt}
        appointment={appointment}
        role={role}
        media={media}
        state={state}
        mode={stage.mode}
        deviceCheck={stage.check}
        relayOnly={relayOnly}
        onLeft={() => {
          rememberMode(roomId, null);
          setStage({ kind: 'left' });
        }}
        onEnded={(status) => {
          rememberMode(roomId, null);
          onClosed(status);
        }}
        onRefused={refused}
      />
    );
  }
  if (stage.kind === 'left') {
    return (
      <EndedNotice title={t('meeting.left.title')} text={t('meeting.left.text')}>
        <Button onClick={() => setStage({ kind: 'prejoin' })}>{t('meeting.left.rejoin')}</Button>
        <Button component={Link} to={role === 'doctor' ? appPaths.doctor : appPaths.cabinet()} variant="default">
          {t(role === 'doctor' ? 'meeting.closed.console' : 'meeting.closed.cabinet')}
        </Button>
      </EndedNotice>
    );
  }
  return (
    <div className="meeting-room" data-testid="meeting-room" data-call-state={stage.kind === 'rejoin' ? 'connecting' : 'prejoin'}>
      {stage.kind === 'prejoin' ? (
        <Prejoin
          appointment={appointment}
          role={role}
          media={media}
          state={state}
          joining={join.isPending}
          error={join.error}
          onJoin={enter}
        />
      ) : (
        <Center py={80}>
          <Stack align="center" gap="sm">
            <Loader aria-hidden="true" />
            <Text role="status">{t('meeting.rejoining')}</Text>
          </Stack>
        </Center>
      )}
    </div>
  );
}
