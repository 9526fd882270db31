import { Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Doctor, UpdateDoctorBody } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { useUpdateDoctor } from './api.ts';
import { checklistTargets } from './profile-checklist.ts';
import { BookingRulesCard } from './schedule-booking-rules.tsx';
import { rangeOf, toFormValues, toUpdateBody, validateSchedule, type ScheduleFormValues } from './schedule-form.ts';
import { DaysOffCard, ExtraHoursCard, WeeklyHoursCard } from './schedule-hours.tsx';
import { ProfileCard } from './schedule-profile.tsx';
import { useFocusFromHash } from './use-focus-from-hash.ts';

/** The schedule (weekly hours, days off, extra hours, booking rules, time zone) and the public profile of one doctor. */
export function ScheduleEditor({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation();
  const update = useUpdateDoctor(doctor.id);
  useFocusFromHash();
  const form = useForm<ScheduleFormValues>({
    initialValues: toFormValues(doctor, randomId),
    validate: (values) =>
      Object.fromEntries(Object.entries(validateSchedule(values)).map(([path, key]) => [path, t(key, rangeOf(path) ?? {})])),
  });

  // "Published" goes only when ticked or unticked here: an approved doctor is published before its profile is complete,
  // and the server refuses `published: true` on an incomplete profile, so hours saved before a price would be refused.
  const toVariables = (values: ScheduleFormValues): UpdateDoctorBody => {
    const { published, ...rest } = toUpdateBody(values);
    return form.isDirty('published') ? { ...rest, published } : rest;
  };
  const saved = (doctorSaved: Doctor | undefined) => {
    // What was saved is the new starting point of "Discard changes".
    if (doctorSaved) {
      const next = toFormValues(doctorSaved, randomId);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
    }
    notifications.show({ message: t('doctor.saved') });
  };
  // A field error the server named lands on its field; the summary says there is one to look for up the page.
  const serverNamedFields = Object.keys(fieldErrors(t, update.error)).length > 0;
  const showSummary = Object.keys(form.errors).length > 0 && (!update.isError || serverNamedFields);

  return (
    <MutationForm
      form={form}
      mutation={update}
      toVariables={toVariables}
      onSuccess={saved}
      submitLabel={t('doctor.save')}
      cancel={{ label: t('doctor.discard'), onClick: () => form.reset() }}
      gap="lg"
    >
      <div id={checklistTargets.hours}>
        <WeeklyHoursCard form={form} />
      </div>
      <DaysOffCard form={form} />
      <ExtraHoursCard form={form} />
      <BookingRulesCard form={form} />
      <ProfileCard form={form} doctor={doctor} />

      {showSummary && (
        <Alert color="danger" role="alert">
          {t('errors.code.VALIDATION_FAILED')}
        </Alert>
      )}
    </MutationForm>
  );
}
