import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { MeetingRole } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import type { AudioOnlyState } from './audio-only.ts';
import type { CallSnapshot } from './call.ts';

interface Props {
  snapshot: CallSnapshot;
  role: MeetingRole;
  other: string;
  fallback: AudioOnlyState;
  /** Joined with sound only (no video either way). */
  soundOnly: boolean;
  onVideoBack: () => void;
  onStayOnAudio: () => void;
}

/** Notices above the videos: the audio-only fallback with its override, sound only, and a dropped connection. */
export function CallBanners({ snapshot, role, other, fallback, soundOnly, onVideoBack, onStayOnAudio }: Props) {
  const { t } = useTranslation();
  const notices = [];
  if (!snapshot.socketConnected && snapshot.phase !== 'joining') {
    notices.push(
      <Alert key="socket" color="yellow" variant="light" p="xs">
        <Text size="sm">{t('meeting.banner.socketDown')}</Text>
      </Alert>,
    );
  }
  if (snapshot.peerPresent && snapshot.peerState === 'disconnected' && snapshot.phase !== 'connected') {
    notices.push(
      <Alert key="peer" color="yellow" variant="light" p="xs">
        <Text size="sm">{t(role === 'patient' ? 'meeting.banner.doctorDropped' : 'meeting.banner.patientDropped', { name: other })}</Text>
      </Alert>,
    );
  }
  if (soundOnly) {
    notices.push(
      <Alert key="sound-only" color="brand" variant="light" p="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('meeting.banner.soundOnly')}</Text>
          <Button size="xs" variant="default" onClick={onVideoBack}>
            {t('meeting.banner.videoBack')}
          </Button>
        </Group>
      </Alert>,
    );
  } else if (fallback.audioOnly) {
    notices.push(
      <Alert
        key="audio-only"
        color="yellow"
        variant="light"
        p="xs"
        title={fallback.reason === 'auto' ? t('meeting.banner.weakTitle') : undefined}
      >
        <Stack gap={6}>
          <Text size="sm">{t(fallback.reason === 'auto' ? 'meeting.banner.weakText' : 'meeting.banner.stayingOnAudio')}</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onVideoBack}>
              {t('meeting.banner.videoBack')}
            </Button>
            {fallback.reason === 'auto' && (
              <Button size="xs" variant="default" onClick={onStayOnAudio}>
                {t('meeting.banner.stayOnAudio')}
              </Button>
            )}
          </Group>
        </Stack>
      </Alert>,
    );
  }
  // A live region that is always there, so a notice appearing is announced.
  return (
    <div className="call__banners" aria-live="polite">
      {notices.length > 0 && <Stack gap={6}>{notices}</Stack>}
    </div>
  );
}
