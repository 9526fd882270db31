import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pushDeviceState, turnPushOff, turnPushOn, type PushDeviceState } from '../../lib/push.ts';

/**
 * Push on this device, in the profile's notifications: permission is asked only when the person clicks "Turn on"
 * (never on page load); a refusal says how to allow it in the browser; on an iPhone or iPad outside the installed app
 * it says how to add the app to the home screen instead of asking.
 */
export function PushDevice({ userId, accountPushOn }: { userId: string; accountPushOn: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    pushDeviceState().then(
      (found) => current && setState(found),
      () => current && setState('off'),
    );
    return () => {
      current = false;
    };
  }, []);

  const run = async (action: () => Promise<PushDeviceState>) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await action());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (!state) return null;
  return (
    <Stack gap="xs" data-testid="push-device" data-state={state}>
      <Text fw={600}>{t('push.title')}</Text>
      {state === 'unsupported' && <Text size="sm">{t('push.unsupported')}</Text>}
      {state === 'install-first' && <Text size="sm">{t('push.installFirst')}</Text>}
      {state === 'denied' && (
        <Alert color="danger" variant="light" title={t('push.deniedTitle')}>
          {t('push.denied')}
        </Alert>
      )}
      {state === 'on' && (
        <>
          <Text size="sm">{accountPushOn ? t('push.on') : t('push.onButSwitchedOff')}</Text>
          <div>
            <Button variant="default" loading={busy} onClick={() => void run(() => turnPushOff().then(() => 'off'))}>
              {t('push.turnOff')}
            </Button>
          </div>
        </>
      )}
      {state === 'off' && (
        <>
          <Text size="sm">{t('push.off')}</Text>
          <div>
            <Button loading={busy} onClick={() => void run(() => turnPushOn(userId))}>
              {t('push.turnOn')}
            </Button>
          </div>
        </>
      )}
      {failed && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {t('push.failed')}
        </Text>
      )}
    </Stack>
  );
}
