import { Alert, Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Doctor } from '@rozmova/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';
import { checklistOf, isListed, type ChecklistItem } from './profile-checklist.ts';

const hiddenKey = (doctorId: string) => `rozmova-profile-checklist-hidden:${doctorId}`;

function readHidden(doctorId: string): boolean {
  try {
    return localStorage.getItem(hiddenKey(doctorId)) === '1';
  } catch {
    return false;
  }
}

/**
 * "You are approved": shown once on the console that the sign-up page opened when it saw the approval (the
 * navigation's state says `approved`).
 */
export function ApprovedWelcome() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(true);
  const approved = (location.state as { approved?: unknown } | null)?.approved === true;
  if (!approved || !open) return null;
  return (
    <Alert
      color="brand"
      role="status"
      title={t('doctorChecklist.approvedTitle')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={() => setOpen(false)}
    >
      {t('doctorChecklist.approvedText')}
    </Alert>
  );
}

function ChecklistGroup({ title, items }: { title: string; items: ChecklistItem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div>
      <Title order={3} fz="md" id={headingId} mb="xs">
        {title}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {items.map((item) => (
          <Group component="li" key={item.key} gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size="sm" radius="xl" variant={item.done ? 'filled' : 'light'} color="brand" aria-hidden="true" mt={2}>
              <Text fz="xs" fw={700} c={item.done ? 'white' : undefined}>
                {item.done ? '✓' : '!'}
              </Text>
            </ThemeIcon>
            <div>
              <Text>
                <Text span fw={600}>
                  {t(`doctorChecklist.items.${item.key}.label`)}
                </Text>
                {': '}
                {t(item.done ? 'doctorChecklist.done' : 'doctorChecklist.toDo')}
              </Text>
              <Anchor component={Link} to={`${appPaths.doctorConsole({ tab: 'schedule' })}#${item.target}`} size="sm">
                {t(`doctorChecklist.items.${item.key}.action`)}
              </Anchor>
            </div>
          </Group>
        ))}
      </Stack>
    </div>
  );
}

/**
 * The doctor's first-run checklist: what its public profile still needs, each item done or not with a link to where it
 * is set, and plainly whether patients see the profile. Gone once everything is done; once the profile is shown the
 * doctor may hide it (this browser remembers).
 */
export function ProfileChecklist({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => readHidden(doctor.id));
  const items = checklistOf(doctor);
  const listed = isListed(items);
  if (items.every((item) => item.done) || (listed && hidden)) return null;
  const hide = () => {
    try {
      localStorage.setItem(hiddenKey(doctor.id), '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setHidden(true);
  };
  return (
    <SectionCard title={t('doctorChecklist.title')} gap="md">
      <Text role="status" fw={600}>
        {t(listed ? 'doctorChecklist.listed' : 'doctorChecklist.notListed')}
      </Text>
      <ChecklistGroup title={t('doctorChecklist.required')} items={items.filter((item) => item.required)} />
      <ChecklistGroup title={t('doctorChecklist.recommended')} items={items.filter((item) => !item.required)} />
      {listed && (
        <Button variant="subtle" onClick={hide} style={{ alignSelf: 'flex-start' }}>
          {t('doctorChecklist.hide')}
        </Button>
      )}
    </SectionCard>
  );
}
