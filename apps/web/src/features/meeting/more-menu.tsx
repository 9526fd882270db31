import { Menu, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenSharingHere } from './browser.ts';
import { DeviceSelects } from './device-selects.tsx';
import { DevicesIcon, FullScreenIcon, HelpIcon, MoreIcon, ScreenIcon } from './icons.tsx';
import type { LocalMedia, LocalMediaState } from './local-media.ts';

const canFullScreen = () => typeof document !== 'undefined' && document.fullscreenEnabled;

interface Props {
  media: LocalMedia;
  state: LocalMediaState;
  onSupport: () => void;
}

/**
 * "More" in the controls: devices (a dialog with the camera, microphone and speaker choices), sharing the screen where
 * the browser can, full screen where it can, and reporting a problem.
 */
export function MoreMenu({ media, state, onSupport }: Props) {
  const { t } = useTranslation();
  const [devicesOpen, setDevicesOpen] = useState(false);
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
    <>
      <Menu position="top-end" shadow="md" withinPortal>
        <Menu.Target>
          <button type="button" className="control">
            <MoreIcon />
            <span className="control__label">{t('meeting.controls.more')}</span>
          </button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<DevicesIcon />} onClick={() => setDevicesOpen(true)}>
            {t('meeting.controls.devices')}
          </Menu.Item>
          {screenSharingHere() && (
            <Menu.Item
              leftSection={<ScreenIcon />}
              onClick={() => (sharing ? media.stopSharing() : void media.shareScreen().catch(() => undefined))}
            >
              {sharing ? t('meeting.controls.stopSharing') : t('meeting.controls.shareScreen')}
            </Menu.Item>
          )}
          {canFullScreen() && (
            <Menu.Item leftSection={<FullScreenIcon exit={fullScreen} />} onClick={toggleFullScreen}>
              {fullScreen ? t('meeting.controls.exitFullScreen') : t('meeting.controls.fullScreen')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<HelpIcon />} onClick={onSupport}>
            {t('meeting.controls.support')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={devicesOpen} onClose={() => setDevicesOpen(false)} title={t('meeting.controls.devices')}>
        <DeviceSelects media={media} state={state} />
      </Modal>
    </>
  );
}
