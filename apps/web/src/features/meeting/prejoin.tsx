import { Alert, Button, Card, Grid, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import type { Appointment, DeviceCheck, MeetingRole } from '@rozmova/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { timeText } from '../../lib/appointment-dates.ts';
import { useNow } from '../../lib/use-now.ts';
import { fetchIceServers } from './api.ts';
import { playTestSound } from './audio.ts';
import { buildDeviceCheck, type JoinMode } from './device-check.ts';
import { DeviceSelects } from './device-selects.tsx';
import type { LocalMedia, LocalMediaState } from './local-media.ts';
import { browserLabel, MediaHelp } from './media-help.tsx';
import { TrackVideo } from './media-view.tsx';
import { checkNetwork, type NetworkResult } from './network-check.ts';
import { durationParts, joinWindow, type JoinWindow } from './room-timing.ts';
import { useMicLevel } from './use-media.ts';

interface Props {
  appointment: Appointment;
  role: MeetingRole;
  media: LocalMedia;
  state: LocalMediaState;
  /** Joining is under way (the join-meeting request). */
  joining: boolean;
  error: unknown;
  onJoin: (mode: JoinMode, check: DeviceCheck) => void;
}

/**
 * Before joining (docs/decisions.md "The meeting room (web)"): the camera preview, the microphone's level, device
 * choice, a test sound, a network check, and three ways in. Nothing here blocks joining: a check still running is
 * sent as "untested". Before the room opens, the time it opens and a countdown, with the checks available meanwhile.
 */
export function Prejoin({ appointment, role, media, state, joining, error, onJoin }: Props) {
  const { t } = useTranslation();
  const now = useNow((at) => (joinWindow(appointment, at).kind === 'early' ? 1000 : 30_000));
  const opening = joinWindow(appointment, now);
  const mic = useMicLevel(state.audioTrack);
  const { speakerTested, playing, testSound } = useSoundTest(state.speakerId);
  const roomOpen = opening.kind === 'open';
  const network = useNetworkCheck(appointment.appointment_roomId, roomOpen);

  const join = (mode: JoinMode) =>
    onJoin(mode, buildDeviceCheck({ media: state, heard: mic.heard, speakerTested, network, mode, browser: browserLabel() }));
  const withCamera = state.cameraOn && state.cameraTrack !== null;
  const canJoin = opening.kind === 'open' && !state.starting;
  const other = role === 'patient' ? appointment.doctor.user_name : appointment.patient.user_name;

  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'lg' }} maw={1100} mx="auto" w="100%">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('meeting.title', { name: other })}
        </Title>
        <Text>{t('meeting.prejoin.lead')}</Text>
      </div>
      <RoomTiming appointment={appointment} opening={opening} />
      <MediaHelp camera={state.cameraOn ? state.cameraProblem : null} microphone={state.micProblem} onRetry={() => void media.retry()} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <Preview media={media} state={state} />
            <FormError error={error} />
            <JoinButtons withCamera={withCamera} canJoin={canJoin} joining={joining} join={join} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <DeviceSelects media={media} state={state} />
            <MicLevel state={state} mic={mic} />
            <div>
              <Button variant="default" onClick={testSound} loading={playing}>
                {t('meeting.prejoin.testSound')}
              </Button>
              <Text size="sm" mt={4}>
                {t('meeting.prejoin.testSoundHint')}
              </Text>
            </div>
            <Card withBorder padding="sm">
              <Text size="sm" fw={500}>
                {t('meeting.prejoin.network')}
              </Text>
              <Text size="sm" aria-live="polite">
                {network ? t(`meeting.network.${network}`) : t('meeting.network.checking')}
              </Text>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The test sound on the chosen speaker; once it has played, the speaker counts as tested. */
function useSoundTest(speakerId: string) {
  const [speakerTested, setSpeakerTested] = useState(false);
  const [playing, setPlaying] = useState(false);
  const testSound = () => {
    setPlaying(true);
    playTestSound(speakerId)
      .then(
        () => setSpeakerTested(true),
        () => undefined,
      )
      .finally(() => setPlaying(false));
  };
  return { speakerTested, playing, testSound };
}

/** ICE servers are given only while the room is open, so the network is checked once it opens (null: checking). */
function useNetworkCheck(roomId: string, roomOpen: boolean): NetworkResult | null {
  const [checked, setChecked] = useState<NetworkResult | null>(null);
  useEffect(() => {
    if (!roomOpen) return;
    let current = true;
    fetchIceServers(roomId)
      .then(checkNetwork)
      .then(
        (result) => current && setChecked(result),
        () => current && setChecked('untested'),
      );
    return () => {
      current = false;
    };
  }, [roomId, roomOpen]);
  return roomOpen ? checked : 'untested';
}

/** The camera's preview (or why there is none), and the camera and microphone switches. */
function Preview({ media, state }: { media: LocalMedia; state: LocalMediaState }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="preview">
        <TrackVideo track={state.cameraTrack} mirrored data-testid="preview-video" aria-label={t('meeting.prejoin.preview')} />
        {!state.cameraTrack && (
          <div className="call__overlay">
            {state.starting ? <Loader color="white" aria-hidden="true" /> : null}
            <Text>{state.starting ? t('meeting.prejoin.starting') : t('meeting.prejoin.cameraOff')}</Text>
          </div>
        )}
      </div>
      <Group gap="lg">
        <Switch
          label={t('meeting.prejoin.cameraSwitch')}
          checked={state.cameraOn}
          onChange={(event) => void media.setCameraOn(event.currentTarget.checked)}
        />
        <Switch
          label={t('meeting.prejoin.micSwitch')}
          checked={state.micOn}
          onChange={(event) => media.setMicOn(event.currentTarget.checked)}
        />
      </Group>
    </>
  );
}

/** The three ways in: as chosen, with the camera off (when it is on), and audio only. */
function JoinButtons({
  withCamera,
  canJoin,
  joining,
  join,
}: {
  withCamera: boolean;
  canJoin: boolean;
  joining: boolean;
  join: (mode: JoinMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button size="md" onClick={() => join(withCamera ? 'video' : 'camera-off')} disabled={!canJoin} loading={joining}>
          {t('meeting.prejoin.join')}
        </Button>
        {withCamera && (
          <Button size="md" variant="default" onClick={() => join('camera-off')} disabled={!canJoin || joining}>
            {t('meeting.prejoin.joinCameraOff')}
          </Button>
        )}
        <Button size="md" variant="default" onClick={() => join('audio-only')} disabled={!canJoin || joining}>
          {t('meeting.prejoin.joinAudioOnly')}
        </Button>
      </Group>
      <Text size="sm">{t('meeting.prejoin.audioOnlyHint')}</Text>
    </Stack>
  );
}

/** The microphone's level, and whether it has heard anything. */
function MicLevel({ state, mic }: { state: LocalMediaState; mic: ReturnType<typeof useMicLevel> }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('meeting.prejoin.micLevel')}
      </Text>
      <div className="mic-meter" aria-hidden="true">
        <div className="mic-meter__level" style={{ width: `${Math.round(mic.level * 100)}%` }} />
      </div>
      <Text size="sm" mt={4} aria-live="polite">
        {!state.audioTrack
          ? t('meeting.prejoin.micNone')
          : !state.micOn
            ? t('meeting.prejoin.micMuted')
            : mic.heard
              ? t('meeting.prejoin.micHeard')
              : t('meeting.prejoin.micSay')}
      </Text>
    </div>
  );
}

/** The start time, and before the room opens, when it opens and how long until then. */
function RoomTiming({ appointment, opening }: { appointment: Appointment; opening: JoinWindow }) {
  const { t } = useTranslation();
  const start = timeText(appointment.appointment_date);
  if (opening.kind === 'over')
    return (
      <Alert color="danger" variant="light">
        {t('meeting.prejoin.over')}
      </Alert>
    );
  if (opening.kind === 'open') return <Text fw={600}>{t('meeting.prejoin.startsAt', { time: start })}</Text>;
  const { hours, minutes, seconds } = durationParts(opening.msLeft);
  const left = hours > 0 ? t('meeting.prejoin.inHours', { hours, minutes }) : t('meeting.prejoin.inMinutes', { minutes, seconds });
  return (
    <Alert color="brand" variant="light" title={t('meeting.prejoin.notOpenTitle', { time: timeText(new Date(opening.opensAt)) })}>
      <Text size="sm">{t('meeting.prejoin.startsAt', { time: start })}</Text>
      {/* Announced when it opens, not every second. */}
      <Text size="sm" aria-live="off">
        {t('meeting.prejoin.opensIn', { left })}
      </Text>
      <Text size="sm">{t('meeting.prejoin.checkMeanwhile')}</Text>
    </Alert>
  );
}
