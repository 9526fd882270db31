import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  consultationLanguages,
  DOCTOR_BIO_MAX,
  DOCTOR_NAME_EN_MAX,
  DOCTOR_PHOTO_URL_MAX,
  doctorScheduleListMax,
  specialisations,
  type Doctor,
  type UpdateDoctorBody,
} from '@rozmova/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { languageText, specialisationText } from '../../lib/doctors.ts';
import { useUpdateDoctor } from './api.ts';
import { numberRanges, rangeOf, toFormValues, toUpdateBody, validateSchedule, WEEKDAYS, type ScheduleFormValues } from './schedule-form.ts';
import { currentZoneName } from '../../lib/appointment-dates.ts';
import { checklistTargets } from './profile-checklist.ts';
import { calendarDateText, weekdayName } from './times.ts';
import { useFocusFromHash } from './use-focus-from-hash.ts';

type Form = UseFormReturnType<ScheduleFormValues>;

function timeZones(current: string): string[] {
  // By their current names (the browser may list Europe/Kiev), each once.
  const zones = [...new Set((typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []).map(currentZoneName))];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The schedule (weekly hours, days off, extra hours, booking rules, time zone) and the public profile of one doctor. */
export function ScheduleEditor({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
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

  const languages = useMemo(
    () =>
      // Any other code the profile already has is added to the list.
      [...consultationLanguages, ...doctor.languages.filter((code) => !consultationLanguages.includes(code))].map((code) => ({
        code,
        label: languageText(code, language),
      })),
    [doctor.languages, language],
  );

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

      <SectionCard title={t('doctor.bookingRules')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t('doctor.consultationMinutes')}
            {...numberRanges.consultation_minutes}
            allowDecimal={false}
            {...form.getInputProps('consultation_minutes')}
          />
          <NumberInput
            label={t('doctor.bufferMinutes')}
            {...numberRanges.buffer_minutes}
            allowDecimal={false}
            {...form.getInputProps('buffer_minutes')}
          />
          <NumberInput
            label={t('doctor.minNoticeMinutes')}
            {...numberRanges.min_notice_minutes}
            allowDecimal={false}
            {...form.getInputProps('min_notice_minutes')}
          />
          <NumberInput
            label={t('doctor.horizonDays')}
            {...numberRanges.horizon_days}
            allowDecimal={false}
            {...form.getInputProps('horizon_days')}
          />
          <Select
            label={t('doctor.timeZone')}
            data={timeZones(form.values.time_zone)}
            searchable
            allowDeselect={false}
            limit={50}
            {...form.getInputProps('time_zone')}
          />
        </SimpleGrid>
      </SectionCard>

      <SectionCard title={t('doctor.profileTitle')}>
        <Stack gap="md">
          <div id={checklistTargets.specialisations}>
            <Checkbox.Group label={t('doctor.specialisations')} {...form.getInputProps('specialisations')}>
              <Group gap="md" mt={6}>
                {specialisations.map((value) => (
                  <Checkbox key={value} value={value} label={specialisationText(value, language)} />
                ))}
              </Group>
            </Checkbox.Group>
          </div>
          <Checkbox.Group label={t('doctor.languages')} {...form.getInputProps('languages')}>
            <Group gap="md" mt={6}>
              {languages.map(({ code, label }) => (
                <Checkbox key={code} value={code} label={label} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('doctor.experienceYears')}
              {...numberRanges.experience_years}
              allowDecimal={false}
              {...form.getInputProps('experience_years')}
            />
            <NumberInput
              id={checklistTargets.price}
              label={t('doctor.priceUah')}
              description={t('doctor.priceHint')}
              {...numberRanges.price}
              decimalScale={2}
              {...form.getInputProps('price')}
            />
          </SimpleGrid>
          <TextInput
            label={t('doctor.nameEn')}
            description={t('doctor.nameEnHint')}
            maxLength={DOCTOR_NAME_EN_MAX}
            autoComplete="off"
            {...form.getInputProps('name_en')}
          />
          <TextInput
            id={checklistTargets.photo}
            label={t('doctor.photoUrl')}
            type="url"
            inputMode="url"
            maxLength={DOCTOR_PHOTO_URL_MAX}
            {...form.getInputProps('photo_url')}
          />
          <Textarea
            id={checklistTargets.bio}
            label={t('doctor.bioUk')}
            autosize
            minRows={3}
            maxLength={DOCTOR_BIO_MAX}
            {...form.getInputProps('bio.uk')}
          />
          <Textarea label={t('doctor.bioEn')} autosize minRows={3} maxLength={DOCTOR_BIO_MAX} {...form.getInputProps('bio.en')} />
          <Checkbox
            id={checklistTargets.published}
            label={t('doctor.published')}
            description={t('doctor.publishedHint')}
            {...form.getInputProps('published', { type: 'checkbox' })}
          />
        </Stack>
      </SectionCard>

      {showSummary && (
        <Alert color="danger" role="alert">
          {t('errors.code.VALIDATION_FAILED')}
        </Alert>
      )}
    </MutationForm>
  );
}

/** The start and end inputs of one interval, with its remove button. */
function IntervalInputs({
  form,
  path,
  index,
  removeLabel,
}: {
  form: Form;
  path: 'weekly_hours' | 'extra_hours';
  index: number;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        label={t('doctor.start')}
        placeholder="09:00"
        inputMode="numeric"
        maxLength={5}
        w="6.5rem"
        {...form.getInputProps(`${path}.${index}.start`)}
      />
      <TextInput
        label={t('doctor.end')}
        placeholder="18:00"
        inputMode="numeric"
        maxLength={5}
        w="6.5rem"
        {...form.getInputProps(`${path}.${index}.end`)}
      />
      <CloseButton mt={28} onClick={() => form.removeListItem(path, index)} aria-label={removeLabel} />
    </Group>
  );
}

function ListError({ form, path }: { form: Form; path: string }) {
  const error = form.errors[path];
  return error ? (
    <Text c="var(--mantine-color-error)" size="sm" role="alert">
      {error}
    </Text>
  ) : null;
}

function WeeklyHoursCard({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <SectionCard title={t('doctor.weeklyHours')}>
      <Text size="sm">{t('doctor.weeklyHoursHint', { zone: form.values.time_zone })}</Text>
      <ListError form={form} path="weekly_hours" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday, language);
          const intervals = form.values.weekly_hours
            .map((hours, index) => ({ hours, index }))
            .filter(({ hours }) => hours.weekday === weekday);
          return (
            <Fieldset key={weekday} legend={day} variant="filled" p="sm">
              <Stack gap="xs">
                {intervals.length === 0 && <Text size="sm">{t('doctor.notWorking')}</Text>}
                {intervals.map(({ hours, index }) => (
                  <IntervalInputs
                    key={hours.key}
                    form={form}
                    path="weekly_hours"
                    index={index}
                    removeLabel={t('doctor.removeHours', { day, start: hours.start, end: hours.end })}
                  />
                ))}
                <Button
                  variant="subtle"
                  size="compact-sm"
                  style={{ alignSelf: 'flex-start' }}
                  disabled={form.values.weekly_hours.length >= doctorScheduleListMax.weekly_hours}
                  onClick={() =>
                    form.insertListItem('weekly_hours', {
                      key: randomId(),
                      weekday,
                      start: intervals.length === 0 ? '09:00' : '',
                      end: intervals.length === 0 ? '18:00' : '',
                    })
                  }
                  aria-label={t('doctor.addHoursOn', { day })}
                >
                  {t('doctor.addHours')}
                </Button>
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}

function DaysOffCard({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [date, setDate] = useState('');
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || form.values.days_off.includes(date)) return;
    form.insertListItem('days_off', date);
    setDate('');
  };
  return (
    <SectionCard title={t('doctor.daysOff')}>
      <Text size="sm">{t('doctor.daysOffHint')}</Text>
      <Group gap="xs" align="flex-end">
        <TextInput type="date" label={t('doctor.dayOffDate')} value={date} onChange={(event) => setDate(event.currentTarget.value)} />
        <Button variant="default" onClick={add} disabled={date === '' || form.values.days_off.length >= doctorScheduleListMax.days_off}>
          {t('doctor.addDayOff')}
        </Button>
      </Group>
      <ListError form={form} path="days_off" />
      {form.values.days_off.length > 0 && (
        <Stack component="ul" gap={4} p={0} mt="sm" mb={0} style={{ listStyle: 'none' }} aria-label={t('doctor.daysOff')}>
          {form.values.days_off.map((day, index) => {
            const text = calendarDateText(day, language);
            return (
              <li key={day}>
                <Group gap="xs">
                  <Text>{text}</Text>
                  <CloseButton
                    size="sm"
                    onClick={() => form.removeListItem('days_off', index)}
                    aria-label={t('doctor.removeDayOff', { date: text })}
                  />
                </Group>
                <ListError form={form} path={`days_off.${index}`} />
              </li>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}

function ExtraHoursCard({ form }: { form: Form }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <SectionCard title={t('doctor.extraHours')}>
      <Text size="sm">{t('doctor.extraHoursHint')}</Text>
      <ListError form={form} path="extra_hours" />
      <Stack gap="xs">
        {form.values.extra_hours.map((hours, index) => (
          <Group key={hours.key} gap="xs" align="flex-start">
            <TextInput type="date" label={t('doctor.date')} {...form.getInputProps(`extra_hours.${index}.date`)} />
            <IntervalInputs
              form={form}
              path="extra_hours"
              index={index}
              removeLabel={t('doctor.removeExtraHours', {
                date: calendarDateText(hours.date, language),
                start: hours.start,
                end: hours.end,
              })}
            />
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          disabled={form.values.extra_hours.length >= doctorScheduleListMax.extra_hours}
          onClick={() => form.insertListItem('extra_hours', { key: randomId(), date: '', start: '09:00', end: '13:00' })}
        >
          {t('doctor.addExtraHours')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
