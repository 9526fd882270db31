import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { chatPatientStatuses, type ChatPatientStatus } from '@rozmova/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { appPaths } from '../../lib/paths.ts';
import { holders, type Holder, type InboxFilter } from './api.ts';
import { AvailabilitySwitch } from './availability-switch.tsx';
import { CannedRepliesModal } from './canned-replies.tsx';
import { ConversationPane } from './conversation-pane.tsx';
import { InboxList } from './inbox-list.tsx';
import { OperatorNav } from './operator-nav.tsx';
import { PatientPanel } from './patient-panel.tsx';
import { useLiveInbox } from './use-live-inbox.ts';
import './operator.css';

type Pane = 'inbox' | 'conversation' | 'details';

function readFilter(params: URLSearchParams): InboxFilter {
  const holder = params.get('holder');
  const status = params.get('status');
  return {
    holder: holders.includes(holder as Holder) ? (holder as Holder) : 'all',
    status: chatPatientStatuses.includes(status as ChatPatientStatus) ? (status as ChatPatientStatus) : undefined,
  };
}

/**
 * /operator: the support inbox. The inbox with its filters, the open conversation and the patient's panel side by
 * side on a wide screen, two on a tablet, one at a time on a phone (each with a way back). Filters and the open
 * conversation are in the address, so the browser's back button goes back too, and a link opens the same view.
 */
export function OperatorPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [managingReplies, setManagingReplies] = useState(false);
  useLiveInbox();
  const filter = readFilter(params);
  const selected = params.get('patient');
  const pane: Pane = selected ? (params.get('pane') === 'details' ? 'details' : 'conversation') : 'inbox';
  const linkTo = (patient: string | undefined, details = false, { holder, status } = filter) =>
    appPaths.operator({ holder: holder === 'all' ? undefined : holder, status, patient, pane: details ? 'details' : undefined });
  useFocusOnPaneChange(pane);
  if (!user) return null;

  return (
    <Stack gap="md">
      <OperatorNav />
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t('operator.title')}</Title>
        <Group gap="sm">
          {user.user_role === 'operator' && <AvailabilitySwitch userId={user.id} />}
          <Button variant="default" size="xs" onClick={() => setManagingReplies(true)}>
            {t('operator.canned.manage')}
          </Button>
        </Group>
      </Group>
      <div className="operator-console" data-pane={pane}>
        <section className="operator-console__pane operator-console__inbox" aria-labelledby="inbox-title">
          <InboxList
            filter={filter}
            onFilter={(next) => void navigate(linkTo(selected ?? undefined, pane === 'details', next), { replace: true })}
            selected={selected}
            linkTo={(patient) => linkTo(patient)}
            userId={user.id}
          />
        </section>
        <section className="operator-console__pane operator-console__conversation" aria-labelledby="conversation-title">
          {selected ? (
            <ConversationPane
              key={selected}
              patientId={selected}
              user={user}
              backTo={linkTo(undefined)}
              detailsTo={linkTo(selected, true)}
              onManageReplies={() => setManagingReplies(true)}
              shown={pane === 'conversation'}
            />
          ) : (
            <Stack gap="sm">
              <Title order={2} fz="lg" id="conversation-title" tabIndex={-1} data-pane-heading="conversation">
                {t('operator.conversationTitle')}
              </Title>
              <Text>{t('operator.chooseConversation')}</Text>
            </Stack>
          )}
        </section>
        {selected && (
          <section className="operator-console__pane operator-console__patient" aria-labelledby="patient-title">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={2} fz="lg" id="patient-title" tabIndex={-1} data-pane-heading="details">
                  {t('operator.patient.title')}
                </Title>
                <Anchor component={Link} to={linkTo(selected)} size="sm" hiddenFrom="lg">
                  {t('operator.backToConversation')}
                </Anchor>
              </Group>
              <PatientPanel key={selected} patientId={selected} />
            </Stack>
          </section>
        )}
      </div>
      {managingReplies && <CannedRepliesModal onClose={() => setManagingReplies(false)} />}
    </Stack>
  );
}

/**
 * When the pane in view changes and the focused control went out of view with the old one (a phone shows one pane at
 * a time), focus moves to the new pane's heading, so the keyboard goes on from there and a reader hears where it is.
 */
function useFocusOnPaneChange(pane: Pane): void {
  const previous = useRef(pane);
  useEffect(() => {
    if (previous.current === pane) return;
    previous.current = pane;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body && focused.offsetParent !== null) return;
    document.querySelector<HTMLElement>(`[data-pane-heading="${pane}"]`)?.focus();
  }, [pane]);
}
