import { Avatar, Button, Loader, Stack, Text } from '@mantine/core';
import type { Appointment, MeetingRole } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeText } from '../../lib/appointment-dates.ts';
import { initials } from '../../lib/initials.ts';
import type { CallSnapshot } from './call.ts';
import type { LocalMediaState } from './local-media.ts';
import { StreamVideo, TrackVideo } from './media-view.tsx';

interface Props {
  appointment: Appointment;
  role: MeetingRole;
  snapshot: CallSnapshot;
  state: LocalMediaState;
  other: string;
  receiveVideo: boolean;
}

/**
 * The videos: the other person's fills the stage (its sound plays even while a notice covers the picture), one's own
 * is a small picture in the corner. Before the other person is there, the waiting room: the start time, where the
 * doctor is, and that the doctor has been told.
 */
export function CallStage({ appointment, role, snapshot, state, other, receiveVideo }: Props) {
  const { t } = useTranslation();
  const [soundBlocked, setSoundBlocked] = useState(false);
  // A tap lets the browser start the sound: playing again right after it.
  const [soundTries, setSoundTries] = useState(0);
  const ownVideo = state.screenTrack ?? state.cameraTrack;
  const hasRemoteVideo = snapshot.remoteStream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;
  const videoOff = snapshot.phase === 'connected' && (snapshot.peerVideoOff || !receiveVideo || !hasRemoteVideo);

  return (
    <div className="call__stage">
      <StreamVideo
        className="call__remote"
        data-testid="remote-video"
        aria-label={t('meeting.room.remoteVideo', { name: other })}
        stream={snapshot.remoteStream}
        version={snapshot.remoteVersion + soundTries}
        speakerId={state.speakerId}
        onBlocked={setSoundBlocked}
      />
      {snapshot.phase === 'waiting' || snapshot.phase === 'joining' ? (
        <WaitingRoom appointment={appointment} role={role} snapshot={snapshot} other={other} />
      ) : snapshot.phase === 'connecting' || snapshot.phase === 'reconnecting' ? (
        <div className="call__overlay">
          <Loader color="white" aria-hidden="true" />
          <Text>{snapshot.phase === 'connecting' ? t('meeting.status.connecting') : t('meeting.status.reconnecting')}</Text>
        </div>
      ) : videoOff ? (
        <div className="call__overlay">
          <Avatar size="xl" radius="xl" color="brand" variant="filled" aria-hidden="true">
            {initials(other)}
          </Avatar>
          <Text>{receiveVideo ? t('meeting.room.peerVideoOff', { name: other }) : t('meeting.room.soundOnly')}</Text>
        </div>
      ) : null}
      {ownVideo ? (
        <TrackVideo
          className="call__local"
          data-testid="local-video"
          aria-label={t('meeting.room.localVideo')}
          track={ownVideo}
          mirrored={ownVideo === state.cameraTrack}
        />
      ) : (
        <div className="call__local call__local--placeholder">{t('meeting.room.cameraOff')}</div>
      )}
      {soundBlocked && (
        <Button className="call__sound" onClick={() => setSoundTries((tries) => tries + 1)} color="brand">
          {t('meeting.room.turnOnSound')}
        </Button>
      )}
    </div>
  );
}

function WaitingRoom({
  appointment,
  role,
  snapshot,
  other,
}: {
  appointment: Appointment;
  role: MeetingRole;
  snapshot: CallSnapshot;
  other: string;
}) {
  const { t } = useTranslation();
  const start = timeText(appointment.appointment_date);
  if (role === 'doctor') {
    return (
      <div className="call__overlay">
        <Text fw={600}>
          {snapshot.peerLeft ? t('meeting.status.peerLeft', { name: other }) : t('meeting.waiting.forPatient', { name: other })}
        </Text>
        <Text size="sm">{t('meeting.waiting.startsAt', { time: start })}</Text>
      </div>
    );
  }
  const presence = snapshot.peerLeft ? 'left' : (snapshot.doctorPresence ?? 'not-yet');
  return (
    <div className="call__overlay">
      <Stack gap="xs" align="center" maw={480}>
        <Text fw={600} size="lg">
          {t('meeting.waiting.title')}
        </Text>
        <Text>{t('meeting.waiting.startsAt', { time: start })}</Text>
        <Text>{t(`meeting.waiting.doctor.${presence}`, { name: other })}</Text>
        {snapshot.phase === 'waiting' && <Text size="sm">{t('meeting.waiting.told')}</Text>}
        <Text size="sm">{t('meeting.waiting.tips')}</Text>
      </Stack>
    </div>
  );
}
