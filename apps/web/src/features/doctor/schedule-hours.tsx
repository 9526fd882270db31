import { Button, CloseButton, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { doctorScheduleListMax } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { WEEKDAYS, type ScheduleForm } from './schedule-form.ts';
import { calendarDateText, weekdayName } from './times.ts';

/** The start and end inputs of one interval, with its remove button. */
function IntervalInputs({
  form,
  path,
  index,
  removeLabel,
}: {
  form: ScheduleForm;
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

function ListError({ form, path }: { form: ScheduleForm; path: string }) {
  const error = form.errors[path];
  return error ? (
    <Text c="var(--mantine-color-error)" size="sm" role="alert">
      {error}
    </Text>
  ) : null;
}

export function WeeklyHoursCard({ form }: { form: ScheduleForm }) {
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

export function DaysOffCard({ form }: { form: ScheduleForm }) {
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

export function ExtraHoursCard({ form }: { form: ScheduleForm }) {
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
