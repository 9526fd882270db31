import { Alert, Box, Button, Code, CopyButton, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isTotpCode, normaliseSecondFactorCode, type AuthenticatorSetup } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { twoFactorErrorText } from '../../lib/two-factor-errors.ts';

interface Props {
  setup: AuthenticatorSetup;
  onConfirm: (code: string) => void;
  pending: boolean;
  error: unknown;
  /** Beside the confirm button (the account page's cancel). */
  cancel?: { label: string; onClick: () => void };
}

/** The secret in groups of four, as an app's manual entry shows it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A new authenticator: its QR code (drawn by the server) and its key to type instead, then one of its codes to confirm
 * that the app has it.
 */
export function AuthenticatorSetupView({ setup, onConfirm, pending, error, cancel }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (isTotpCode(normaliseSecondFactorCode(value)) ? null : t('twoFactor.signIn.codeFormat')) },
  });
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('twoFactor.setup.stepScan')}
        </Title>
        <Text>{t('twoFactor.setup.scanText')}</Text>
        {/* Always on white: a QR code needs its light background in the dark scheme too. */}
        <Box bg="white" p="xs" w={216} style={{ borderRadius: 8 }}>
          <Image src={qr} alt={t('twoFactor.setup.qrAlt')} w={200} h={200} />
        </Box>
        <Text>{t('twoFactor.setup.manualLabel')}</Text>
        <Group gap="sm" wrap="wrap">
          <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret">
            {grouped(setup.secret)}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {t(copied ? 'twoFactor.setup.copied' : 'twoFactor.setup.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form onSubmit={form.onSubmit(({ code }) => onConfirm(normaliseSecondFactorCode(code)))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('twoFactor.setup.stepConfirm')}
          </Title>
          <Text>{t('twoFactor.setup.confirmText')}</Text>
          <TextInput
            label={t('twoFactor.signIn.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            w={{ base: '100%', xs: 240 }}
            {...form.getInputProps('code')}
          />
          {error !== null && error !== undefined && (
            <Alert color="danger" role="alert">
              {twoFactorErrorText(t, error)}
            </Alert>
          )}
          <Group gap="sm">
            {cancel && (
              <Button variant="default" onClick={cancel.onClick}>
                {cancel.label}
              </Button>
            )}
            <Button type="submit" loading={pending}>
              {t('twoFactor.setup.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
