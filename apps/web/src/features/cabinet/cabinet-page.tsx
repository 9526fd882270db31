import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SectionCard } from '../../components/section-card.tsx';
import { DocumentsPanel } from '../../components/documents-panel.tsx';
import { patientIdOf } from '../../lib/appointments.ts';
import { isUnclaimed, useAuth } from '../../lib/auth-store.ts';
import { cardIdOf } from '../../lib/patient-card.ts';
import { AppointmentCard } from './appointment-card.tsx';
import { CardTab, CrisisHelpWhileRed } from './card-tab.tsx';
import { ConsultationsTab } from './consultations-tab.tsx';
import { ProfileTab } from './profile-tab.tsx';
import { RecordsAccessTab } from './records-access-tab.tsx';
import { RequestsTab } from './requests-tab.tsx';
import { SupportChatTab } from './support-chat-tab.tsx';
import { appPaths } from '../../lib/paths.ts';

const patientTabs = ['card', 'documents', 'chat', 'consultations', 'records-access', 'requests'] as const;

/**
 * The cabinet; `?tab=card`, `documents`, `chat`, `consultations` or `records-access` opens a patient's card, documents,
 * support chat, consultations or who opened its records; the profile is the default.
 */
export function CabinetPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const cardId = cardIdOf(user);
  const patientId = patientIdOf(user);
  const requested = params.get('tab');
  const tab = cardId && patientTabs.some((name) => name === requested) ? requested! : 'profile';
  if (isUnclaimed(user)) {
    return (
      <Stack gap="lg">
        <Title order={1}>{t('cabinet.greeting', { name: user.user_name })}</Title>
        {patientId && <AppointmentCard patientId={patientId} />}
        <SectionCard title={t('cabinet.unclaimedTitle')} titleId="cabinet-unclaimed-title">
          <Text>{t('cabinet.unclaimedText', { email: user.email })}</Text>
          <div>
            {/* Recovery sends the code, sets the password and signs in as the owner of the account. */}
            <Button component={Link} to={`${appPaths.home}?auth=forgot`}>
              {t('profile.setupPassword')}
            </Button>
          </div>
        </SectionCard>
      </Stack>
    );
  }
  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'profile') next.set('tab', value);
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('cabinet.greeting', { name: user.user_name })}</Title>
        <Text mt="xs">{cardId ? t('cabinet.leadPatient') : t('cabinet.lead')}</Text>
      </div>
      {cardId && <CrisisHelpWhileRed cardId={cardId} />}
      {patientId && <AppointmentCard patientId={patientId} />}
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List className="tabs-one-row">
          <Tabs.Tab value="profile">{t('cabinet.profileTab')}</Tabs.Tab>
          {cardId && <Tabs.Tab value="card">{t('cabinet.cardTab')}</Tabs.Tab>}
          {cardId && <Tabs.Tab value="documents">{t('cabinet.documentsTab')}</Tabs.Tab>}
          {cardId && <Tabs.Tab value="chat">{t('cabinet.chatTab')}</Tabs.Tab>}
          {patientId && <Tabs.Tab value="consultations">{t('history.consultationsTab')}</Tabs.Tab>}
          {patientId && <Tabs.Tab value="records-access">{t('history.accessTab')}</Tabs.Tab>}
          {patientId && <Tabs.Tab value="requests">{t('supportDesk.cabinetTab')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="lg">
          <ProfileTab user={user} />
        </Tabs.Panel>
        {cardId && (
          <Tabs.Panel value="card" pt="lg">
            <CardTab cardId={cardId} patientId={patientId} />
          </Tabs.Panel>
        )}
        {cardId && (
          <Tabs.Panel value="documents" pt="lg">
            <DocumentsPanel />
          </Tabs.Panel>
        )}
        {cardId && (
          <Tabs.Panel value="chat" pt="lg">
            <SupportChatTab userId={user.id} />
          </Tabs.Panel>
        )}
        {patientId && (
          <Tabs.Panel value="consultations" pt="lg">
            <ConsultationsTab patientId={patientId} />
          </Tabs.Panel>
        )}
        {patientId && (
          <Tabs.Panel value="records-access" pt="lg">
            <RecordsAccessTab patientId={patientId} />
          </Tabs.Panel>
        )}
        {patientId && (
          <Tabs.Panel value="requests" pt="lg">
            <RequestsTab userId={user.id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
