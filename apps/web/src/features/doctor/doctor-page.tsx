import { Loader, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { DEFAULT_DOCTOR_TIME_ZONE, type Doctor } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { Agenda } from './agenda.tsx';
import { useDoctor, useDoctorList } from './api.ts';
import { AppointmentsPanel } from './appointments-panel.tsx';
import { DoctorNav } from './doctor-nav.tsx';
import { ApprovedWelcome, ProfileChecklist } from './profile-checklist-card.tsx';
import { ScheduleEditor } from './schedule-editor.tsx';
import { numberText } from '../../lib/format.ts';

/**
 * /doctor: today's and upcoming appointments; the agenda by day or week above the schedule editor. A doctor always sees
 * its own (its user id is its doctor id), with the checklist of what its public profile still needs; an admin picks a
 * doctor, kept in `?doctorId=`. `?tab=schedule` opens the editor, and a hash there names the field to focus
 * (`#doctor-price`).
 */
export function DoctorPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const isAdmin = user.user_role === 'admin';
  const doctorId = isAdmin ? (params.get('doctorId') ?? '') : user.id;
  const tab = params.get('tab') === 'schedule' ? 'schedule' : 'appointments';
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('doctor.title')}</Title>
      <ApprovedWelcome />
      {isAdmin && <DoctorPicker value={doctorId} onChange={(id) => setParam('doctorId', id)} />}
      <DoctorNav />
      {doctorId ? (
        <DoctorConsole
          key={doctorId}
          doctorId={doctorId}
          own={!isAdmin}
          tab={tab}
          onTab={(value) => setParam('tab', value === 'schedule' ? value : null)}
        />
      ) : (
        <Text>{t('doctor.chooseDoctor')}</Text>
      )}
    </Stack>
  );
}

export function DoctorPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const doctors = useDoctorList(true);
  return (
    <>
      <NativeSelect
        label={t('doctor.pickDoctor')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[
          { value: '', label: t('doctor.pickDoctorPlaceholder') },
          ...(doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: doctor.user_name })),
        ]}
        w={{ base: '100%', sm: 320 }}
      />
      <FormError error={doctors.error} />
    </>
  );
}

function Summary({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation();
  const rating =
    doctor.rating === null
      ? t('doctor.noRating')
      : t('doctor.rating', {
          rating: numberText(doctor.rating, i18n.resolvedLanguage ?? 'en'),
          count: doctor.rating_count,
        });
  return (
    <Text>
      {doctor.user_name} · {rating}
    </Text>
  );
}

interface ConsoleProps {
  doctorId: string;
  /** The doctor's own console (not an admin's view of it): the profile checklist speaks to the doctor. */
  own: boolean;
  tab: 'appointments' | 'schedule';
  onTab: (tab: string | null) => void;
}

function DoctorConsole({ doctorId, own, tab, onTab }: ConsoleProps) {
  const { t } = useTranslation();
  const doctor = useDoctor(doctorId);
  const timeZone = doctor.data?.time_zone ?? DEFAULT_DOCTOR_TIME_ZONE;
  return (
    <Stack gap="md">
      {doctor.data && <Summary doctor={doctor.data} />}
      {doctor.data && own && <ProfileChecklist doctor={doctor.data} />}
      <Tabs value={tab} onChange={onTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="appointments">{t('doctor.appointmentsTab')}</Tabs.Tab>
          <Tabs.Tab value="schedule">{t('doctor.scheduleTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="appointments" pt="lg">
          <AppointmentsPanel doctorId={doctorId} timeZone={timeZone} />
        </Tabs.Panel>
        <Tabs.Panel value="schedule" pt="lg">
          {doctor.data ? (
            <Stack gap="lg">
              <Agenda doctor={doctor.data} />
              <ScheduleEditor key={doctor.data.id} doctor={doctor.data} />
            </Stack>
          ) : doctor.error ? (
            <FormError error={doctor.error} />
          ) : (
            <Loader role="status" aria-label={t('common.loading')} />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
