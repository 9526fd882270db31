import { NativeSelect, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canChooseSpeaker } from './audio.ts';
import type { DeviceOption, LocalMedia, LocalMediaState } from './local-media.ts';

/** Camera, microphone and (where the browser allows choosing it) speaker, before and during the call. */
export function DeviceSelects({ media, state, columns = 1 }: { media: LocalMedia; state: LocalMediaState; columns?: number }) {
  const { t } = useTranslation();
  const options = (devices: DeviceOption[], kind: string) =>
    devices.map((device, index) => ({ value: device.id, label: device.label || t('meeting.devices.unnamed', { kind, n: index + 1 }) }));
  const valueOf = (devices: DeviceOption[], id: string) => (devices.some((device) => device.id === id) ? id : (devices[0]?.id ?? ''));
  const speakers = canChooseSpeaker() && state.speakers.length > 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm">
      {state.cameras.length > 0 && (
        <NativeSelect
          label={t('meeting.devices.camera')}
          value={valueOf(state.cameras, state.cameraId)}
          data={options(state.cameras, t('meeting.devices.camera'))}
          onChange={(event) => void media.chooseCamera(event.currentTarget.value)}
        />
      )}
      {state.microphones.length > 0 && (
        <NativeSelect
          label={t('meeting.devices.microphone')}
          value={valueOf(state.microphones, state.microphoneId)}
          data={options(state.microphones, t('meeting.devices.microphone'))}
          onChange={(event) => void media.chooseMicrophone(event.currentTarget.value)}
        />
      )}
      {speakers && (
        <NativeSelect
          label={t('meeting.devices.speaker')}
          value={valueOf(state.speakers, state.speakerId)}
          data={options(state.speakers, t('meeting.devices.speaker'))}
          onChange={(event) => media.chooseSpeaker(event.currentTarget.value)}
        />
      )}
    </SimpleGrid>
  );
}
