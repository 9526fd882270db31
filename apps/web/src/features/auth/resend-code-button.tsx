import { Button } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const RESEND_AFTER_SECONDS = 60;

/** "Send again", available once a minute as the server allows. */
export function ResendCodeButton({ onResend, loading }: { onResend: () => Promise<unknown>; loading: boolean }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(RESEND_AFTER_SECONDS);
  useInterval(() => setSecondsLeft((value) => Math.max(0, value - 1)), 1000, { autoInvoke: true });

  const resend = async () => {
    await onResend();
    setSecondsLeft(RESEND_AFTER_SECONDS);
  };

  return (
    <Button variant="subtle" onClick={() => void resend().catch(() => undefined)} disabled={secondsLeft > 0} loading={loading}>
      {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.resend')}
    </Button>
  );
}
