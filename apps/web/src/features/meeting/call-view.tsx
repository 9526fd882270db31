import { Group, Text, Title } from '@mantine/core';
import type { Appointment, DeviceCheck, MeetingReportBody, MeetingRole } from '@rozmova/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompleteConsultationModal } from '../../components/complete-consultation-modal.tsx';
import { CallBanners } from './call-banners.tsx';
import { CallControls } from './call-controls.tsx';
import { CallStage } from './call-stage.tsx';
import type { CallSnapshot, JoinRefusal } from './call.ts';
import { useConsultationChat } from './chat-api.ts';
import { ChatPanel } from './chat-panel.tsx';
import { CloseModal } from './close-modal.tsx';
import type { JoinMode } from './device-check.ts';
import type { LocalMedia, LocalMediaState } from './local-media.ts';
import { browserLabel, MediaHelp } from './media-help.tsx';
import { QualityIndicator } from './quality-indicator.tsx';
import { SupportModal } from './support-modal.tsx';
import { useAudioOnlyFallback, useCall, useCallQuality, useCallSnapshot } from './use-call.ts';

interface Props {
  appointment: Appointment;
  role: MeetingRole;
  media: LocalMedia;
  state: LocalMediaState;
  mode: JoinMode;
  deviceCheck: DeviceCheck;
  relayOnly: boolean;
  onLeft: () => void;
  onEnded: (status?: 'completed' | 'canceled') => void;
  onRefused: (code: JoinRefusal) => void;
}

type Dialog = 'close' | 'support' | 'complete' | null;

/** The call's state for tests and styles (`data-call-state` on the room's root). */
const dataState = (phase: CallSnapshot['phase']) =>
  phase === 'joining' ? 'connecting' : phase === 'left' || phase === 'refused' ? 'ended' : phase;

/**
 * The call, the whole window (the site header hides meanwhile): the other person large, oneself small in a corner,
 * one row of controls below, the connection's quality and state in words above. The chat is a panel that leaves the
 * call usable (beside the video, or over its lower part on a phone); leaving, ending and reporting a problem are
 * dialogs (docs/product.md §2's meeting modals).
 */
export function CallView({ appointment, role, media, state, mode, deviceCheck, relayOnly, onLeft, onEnded, onRefused }: Props) {
  const { t } = useTranslation();
  const call = useCall(appointment.appointment_roomId, deviceCheck, relayOnly);
  const snapshot = useCallSnapshot(call);
  const connected = snapshot.phase === 'connected';
  // Read on while media has stalled too: the readings are what notice it flowing again.
  const quality = useCallQuality(call, snapshot.connectionState === 'connected');
  const [receiveVideo, setReceiveVideo] = useState(mode !== 'audio-only');
  const sendingCamera = state.cameraTrack !== null && state.screenTrack === null && receiveVideo;
  const [fallback, dispatchFallback] = useAudioOnlyFallback(quality, sendingCamera, connected);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const chatId = useId();
  const chatButton = useRef<HTMLButtonElement>(null);
  const closeChat = () => {
    setChatOpen(false);
    chatButton.current?.focus();
  };
  const chat = useConsultationChat({ appointmentId: appointment.id, patientId: appointment.appointment_patientId, role, open: chatOpen });
  const other = role === 'patient' ? appointment.doctor.user_name : appointment.patient.user_name;

  // Joined with the camera off or sound only: the camera goes off now (the preview may have had it on).
  const startMode = useRef(mode);
  useEffect(() => {
    if (startMode.current !== 'video') void media.setCameraOn(false);
  }, [media]);
  useEffect(() => call?.setTracks(media.outgoing()), [call, media, state.audioTrack, state.cameraTrack, state.screenTrack]);
  useEffect(() => call?.setVideoPaused(fallback.audioOnly), [call, fallback.audioOnly]);
  useEffect(() => call?.setReceiveVideo(receiveVideo), [call, receiveVideo]);

  const handlers = useRef({ onLeft, onEnded, onRefused });
  useEffect(() => {
    handlers.current = { onLeft, onEnded, onRefused };
  });
  useEffect(() => {
    if (snapshot.phase === 'left') handlers.current.onLeft();
    else if (snapshot.phase === 'ended') handlers.current.onEnded(snapshot.endedStatus ?? undefined);
    else if (snapshot.phase === 'refused' && snapshot.refusal) handlers.current.onRefused(snapshot.refusal);
  }, [snapshot.phase, snapshot.endedStatus, snapshot.refusal]);

  const setCamera = (on: boolean) => {
    // Turning the camera on after joining with sound only brings video back both ways.
    if (on && !receiveVideo) setReceiveVideo(true);
    void media.setCameraOn(on);
  };

  const reportDetails = (): MeetingReportBody['details'] => ({
    browser: browserLabel(),
    ...call?.technicalState(),
    roundTripMs: quality?.roundTripMs ?? null,
    lossPercent: quality?.lossPercent ?? null,
    outgoingKbps: quality?.outgoingKbps ?? null,
    incomingKbps: quality?.incomingKbps ?? null,
    relayed: quality?.relayed ?? null,
    audioOnly: fallback.audioOnly || !receiveVideo,
  });

  return (
    <div className="meeting-room call" data-testid="meeting-room" data-call-state={dataState(snapshot.phase)} data-full-viewport>
      <Group className="call__bar" justify="space-between" gap="xs" wrap="nowrap">
        <div className="call__heading">
          <Title order={1} fz={{ base: 'md', sm: 'lg' }} lineClamp={1}>
            {t('meeting.title', { name: other })}
          </Title>
          <Text size="sm" role="status">
            {statusText(t, snapshot, role, other)}
          </Text>
        </div>
        <QualityIndicator quality={connected ? quality : null} />
      </Group>
      {(state.micProblem || (state.cameraOn && state.cameraProblem)) && (
        <div className="call__banners">
          <MediaHelp
            camera={state.cameraOn ? state.cameraProblem : null}
            microphone={state.micProblem}
            onRetry={() => void media.retry()}
          />
        </div>
      )}
      <CallBanners
        snapshot={snapshot}
        role={role}
        other={other}
        fallback={fallback}
        soundOnly={!receiveVideo}
        onVideoBack={() => (receiveVideo ? dispatchFallback({ type: 'video-back' }) : setCamera(true))}
        onStayOnAudio={() => dispatchFallback({ type: 'stay-on-audio' })}
      />
      <div className="call__main" data-chat={chatOpen || undefined}>
        <CallStage appointment={appointment} role={role} snapshot={snapshot} state={state} other={other} receiveVideo={receiveVideo} />
        {chatOpen && <ChatPanel id={chatId} onClose={closeChat} chat={chat} other={other} />}
      </div>
      <CallControls
        media={media}
        state={state}
        role={role}
        unread={chat.unread}
        chatOpen={chatOpen}
        chatId={chatId}
        chatButton={chatButton}
        onCamera={setCamera}
        onChat={() => setChatOpen((open) => !open)}
        onSupport={() => setDialog('support')}
        onLeave={() => setDialog('close')}
      />
      {dialog === 'close' && (
        <CloseModal role={role} onStay={() => setDialog(null)} onLeave={() => call?.leave()} onEnd={() => setDialog('complete')} />
      )}
      {dialog === 'complete' && <CompleteConsultationModal appointment={appointment} onClose={() => setDialog(null)} />}
      {dialog === 'support' && (
        <SupportModal roomId={appointment.appointment_roomId} details={reportDetails} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function statusText(t: ReturnType<typeof useTranslation>['t'], snapshot: CallSnapshot, role: MeetingRole, other: string): string {
  switch (snapshot.phase) {
    case 'waiting':
      if (snapshot.peerLeft) return t('meeting.status.peerLeft', { name: other });
      return role === 'patient' ? t('meeting.status.waitingForDoctor') : t('meeting.status.waitingForPatient', { name: other });
    case 'connecting':
      return snapshot.peerState === 'joined' ? t('meeting.status.joinedConnecting', { name: other }) : t('meeting.status.connecting');
    case 'connected':
      return t('meeting.status.connected', { name: other });
    case 'reconnecting':
      return t('meeting.status.reconnecting');
    case 'joining':
      return t('meeting.status.joining');
    default:
      return t('meeting.status.ended');
  }
}
