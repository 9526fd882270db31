import type { MeetingRole } from '@rozmova/contracts';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, ChatIcon, LeaveIcon, MicIcon } from './icons.tsx';
import type { LocalMedia, LocalMediaState } from './local-media.ts';
import { MoreMenu } from './more-menu.tsx';

interface ControlProps {
  icon: ReactNode;
  label: string;
  /** The accessible name when it says more than the label (the unread count). */
  name?: string;
  off?: boolean;
  danger?: boolean;
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
  expanded?: boolean;
  controls?: string;
}

function Control({ icon, label, name, off = false, danger = false, onClick, ref, expanded, controls }: ControlProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="control"
      data-off={off || undefined}
      data-danger={danger || undefined}
      aria-label={name}
      aria-expanded={expanded}
      aria-controls={controls}
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
  chatOpen: boolean;
  /** The chat panel's id, which the chat button opens. */
  chatId: string;
  chatButton: Ref<HTMLButtonElement>;
  onCamera: (on: boolean) => void;
  onChat: () => void;
  onSupport: () => void;
  onLeave: () => void;
}

/**
 * One row: mute, camera, chat, More (the rest) and leave, labelled in words (on a phone the words are for screen
 * readers only, the row would not fit them).
 */
export function CallControls({ media, state, role, unread, chatOpen, chatId, chatButton, onCamera, onChat, onSupport, onLeave }: Props) {
  const { t } = useTranslation();
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
      <Control
        ref={chatButton}
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
        expanded={chatOpen}
        controls={chatOpen ? chatId : undefined}
        onClick={onChat}
      />
      <MoreMenu media={media} state={state} onSupport={onSupport} />
      <Control
        icon={<LeaveIcon />}
        label={role === 'doctor' ? t('meeting.controls.leaveOrEnd') : t('meeting.controls.leave')}
        danger
        onClick={onLeave}
      />
    </div>
  );
}
