import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { detectBrowser, mediaHelpKey, type MediaProblem } from './browser.ts';

const browser = () => detectBrowser(navigator.userAgent, navigator.maxTouchPoints ?? 0);

/**
 * What to do when the camera or the microphone could not be used: for a refusal, how to allow it in the browser the
 * person uses (detected from its user agent); otherwise what else may be wrong. "Try again" asks once more.
 */
export function MediaHelp({
  camera,
  microphone,
  onRetry,
}: {
  camera: MediaProblem | null;
  microphone: MediaProblem | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (!camera && !microphone) return null;
  const { kind } = browser();
  const problems =
    camera && microphone && camera === microphone
      ? [['both', camera] as const]
      : ([
          ['camera', camera],
          ['microphone', microphone],
        ] as const);
  return (
    <Stack gap="xs">
      {problems.map(([device, problem]) =>
        problem ? (
          <Alert key={device} color="danger" variant="light" role="alert" title={t(`meeting.help.title.${device}`)}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(mediaHelpKey(problem, kind))}</Text>
              {problem !== 'insecure' && (
                <Button size="xs" variant="default" onClick={onRetry}>
                  {t('meeting.help.retry')}
                </Button>
              )}
            </Stack>
          </Alert>
        ) : null,
      )}
    </Stack>
  );
}

/** The browser's name and version for the device check ("Chrome 126 (Android)"). */
export const browserLabel = (): string => browser().label;
