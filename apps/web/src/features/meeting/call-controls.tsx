import { Popover } from '@mantine/core';
import type { MeetingRole } from '@rozmova/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSelects } from './device-selects.tsx';
import { CameraIcon, ChatIcon, DevicesIcon, FullScreenIcon, HelpIcon, LeaveIcon, MicIcon, ScreenIcon } from './icons.tsx';
import type { LocalMedia, LocalMediaState } from './local-media.ts';

interface ControlProps {
  icon: ReactNode;
  label: string;
  /** The accessible name when it says more than the label (the unread count). */
  name?: string;
  off?: boolean;
  danger?: boolean;
  onClick?: () => void;
}

function Control({ icon, label, name, off = false, danger = false, onClick }: ControlProps) {
  return (
    <button
      type="button"
      className="control"
      data-off={off || undefined}
      data-danger={danger || undefined}
      aria-label={name}
      onClick={onClick}
    >
      {icon}
      <span className="control__label">{label}</span>
    </button>
  );
}

interface Props {
  media: LocalMedia;
  state: LocalMediaState;
  role: MeetingRole;
  unread: number;
  onCamera: (on: boolean) => void;
  onChat: () => void;
  onSupport: () => void;
  onLeave: () => void;
}

const canShareScreen = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
const canFullScreen = () => typeof document !== 'undefined' && document.fullscreenEnabled;

/** Mute, camera, screen, devices, chat, full screen, report a problem, leave: labelled in words, wrapping on a phone. */
export function CallControls({ media, state, role, unread, onCamera, onChat, onSupport, onLeave }: Props) {
  const { t } = useTranslation();
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.querySelector('.call__stage')?.requestFullscreen();
  };
  const sharing = state.screenTrack !== null;

  return (
    <div className="call__controls" role="group" aria-label={t('meeting.controls.label')}>
      <Control
        icon={<MicIcon off={!state.micOn} />}
        label={state.micOn ? t('meeting.controls.mute') : t('meeting.controls.unmute')}
        off={!state.micOn}
        onClick={() => media.setMicOn(!state.micOn)}
      />
      <Control
        icon={<CameraIcon off={!state.cameraOn} />}
        label={state.cameraOn ? t('meeting.controls.cameraOff') : t('meeting.controls.cameraOn')}
        off={!state.cameraOn}
        onClick={() => onCamera(!state.cameraOn)}
      />
      {canShareScreen() && (
        <Control
          icon={<ScreenIcon />}
          label={sharing ? t('meeting.controls.stopSharing') : t('meeting.controls.shareScreen')}
          off={sharing}
          onClick={() => (sharing ? media.stopSharing() : void media.shareScreen().catch(() => undefined))}
        />
      )}
      <Popover position="top" withArrow trapFocus shadow="md" width={300}>
        <Popover.Target>
          <button type="button" className="control">
            <DevicesIcon />
            <span className="control__label">{t('meeting.controls.devices')}</span>
          </button>
        </Popover.Target>
        <Popover.Dropdown>
          <DeviceSelects media={media} state={state} />
        </Popover.Dropdown>
      </Popover>
      <Control
        icon={
          <span className="control__icon">
            <ChatIcon />
            {unread > 0 && (
              <span className="control__badge" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
        }
        label={t('meeting.controls.chat')}
        name={unread > 0 ? t('meeting.controls.chatUnread', { count: unread }) : undefined}
        onClick={onChat}
      />
      {canFullScreen() && (
        <Control
          icon={<FullScreenIcon exit={fullScreen} />}
          label={fullScreen ? t('meeting.controls.exitFullScreen') : t('meeting.controls.fullScreen')}
          onClick={toggleFullScreen}
        />
      )}
      <Control icon={<HelpIcon />} label={t('meeting.controls.support')} onClick={onSupport} />
      <Control
        icon={<LeaveIcon />}
        label={role === 'doctor' ? t('meeting.controls.leaveOrEnd') : t('meeting.controls.leave')}
        danger
        onClick={onLeave}
      />
    </div>
  );
}
