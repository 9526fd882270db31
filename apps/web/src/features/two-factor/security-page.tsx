import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { staffRoles, type AuthenticatorSetup, type User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { errorText } from '../../lib/api-errors.ts';
import { useAuth } from '../../lib/auth-store.ts';

import { currentLocale } from '../../lib/i18n.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupAuthenticator, useTwoFactorStatus } from './api.ts';
import { AuthenticatorSetupView } from './authenticator-setup.tsx';
import { CodeModal } from './code-modal.tsx';
import { RecoveryCodesView } from './recovery-codes.tsx';
import { dateTimeText } from '../../lib/format.ts';

/** Fewer recovery codes than this left: the page suggests setting the authenticator up again for 10 new ones. */
const FEW_CODES = 3;

type Flow = { kind: 'idle' } | { kind: 'setup'; setup: AuthenticatorSetup } | { kind: 'codes'; codes: string[] };

/** `/user/security`: a member of staff's two-factor sign-in: set up, moved to a new phone, turned off where optional. */
export function AccountSecurityPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('twoFactor.security.title')}</Title>
      <Text>{t('twoFactor.security.intro')}</Text>
      {staffRoles.includes(user.user_role) ? <StaffSecurity user={user} /> : <Text>{t('twoFactor.security.staffOnly')}</Text>}
    </Stack>
  );
}

function StaffSecurity({ user }: { user: User }) {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useSetupAuthenticator();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [flow, setFlow] = useState<Flow>({ kind: 'idle' });
  const [modal, setModal] = useState<'replace' | 'turnOff' | null>(null);

  if (status.error) return <Alert color="danger">{errorText(t, status.error)}</Alert>;
  if (!status.data) return <Loader aria-label={t('common.loading')} />;
  const { enabled, required, enabled_at: since, recovery_codes_left: left } = status.data;

  if (flow.kind === 'setup') {
    return (
      <SectionCard title={enabled ? t('twoFactor.security.replace') : t('twoFactor.security.setUpTitle')}>
        <AuthenticatorSetupView
          setup={flow.setup}
          pending={enable.isPending}
          error={enable.error}
          onConfirm={(code) =>
            enable.mutate(code, { onSuccess: ({ recovery_codes }) => setFlow({ kind: 'codes', codes: recovery_codes }) })
          }
          cancel={{ label: t('common.cancel'), onClick: () => setFlow({ kind: 'idle' }) }}
        />
      </SectionCard>
    );
  }
  if (flow.kind === 'codes') {
    return (
      <SectionCard>
        <RecoveryCodesView
          codes={flow.codes}
          email={user.email}
          onDone={() => {
            setFlow({ kind: 'idle' });
            notifications.show({ message: `${t('twoFactor.security.turnedOn')} ${t('twoFactor.security.otherSessions')}` });
          }}
        />
      </SectionCard>
    );
  }

  const showSetup = (made: AuthenticatorSetup | undefined) => {
    setModal(null);
    enable.reset();
    if (made) setFlow({ kind: 'setup', setup: made });
  };
  const closeModal = () => {
    setup.reset();
    disable.reset();
    setModal(null);
  };

  return (
    <SectionCard title={t('twoFactor.security.statusTitle')} gap="md">
      <Group gap="sm">
        <Badge color={enabled ? 'brand' : 'gray'} variant="light" miw="max-content">
          {t(enabled ? 'twoFactor.security.on' : 'twoFactor.security.off')}
        </Badge>
        {enabled && since && <Text>{t('twoFactor.security.since', { date: dateTimeText(since, currentLocale()) })}</Text>}
      </Group>
      <Text>{t(required ? 'twoFactor.security.required' : 'twoFactor.security.optional')}</Text>
      {enabled && <Text>{t('twoFactor.security.codesLeft', { count: left })}</Text>}
      {enabled && left < FEW_CODES && (
        <Alert color="yellow" role="status">
          {t('twoFactor.security.codesLow')}
        </Alert>
      )}
      {setup.error && !modal && <Alert color="danger">{errorText(t, setup.error)}</Alert>}
      <Group gap="sm">
        {enabled ? (
          <Button onClick={() => setModal('replace')}>{t('twoFactor.security.replace')}</Button>
        ) : (
          <Button loading={setup.isPending} onClick={() => setup.mutate(null, { onSuccess: showSetup })}>
            {t('twoFactor.security.setUp')}
          </Button>
        )}
        {enabled && !required && (
          <Button variant="outline" color="danger" onClick={() => setModal('turnOff')}>
            {t('twoFactor.security.turnOff')}
          </Button>
        )}
      </Group>
      {modal === 'replace' && (
        <CodeModal
          title={t('twoFactor.security.replace')}
          intro={<Text>{t('twoFactor.security.replaceText')}</Text>}
          submitLabel={t('common.continue')}
          mutation={setup}
          onDone={showSetup}
          onClose={closeModal}
        />
      )}
      {modal === 'turnOff' && (
        <CodeModal
          title={t('twoFactor.security.turnOffTitle')}
          intro={<Text>{t('twoFactor.security.turnOffText')}</Text>}
          submitLabel={t('twoFactor.security.turnOff')}
          mutation={disable}
          onDone={() => {
            closeModal();
            notifications.show({ message: `${t('twoFactor.security.turnedOff')} ${t('twoFactor.security.otherSessions')}` });
          }}
          onClose={closeModal}
        />
      )}
    </SectionCard>
  );
}
