import { Alert, Button, Chip, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKey, dayText, monthGrid, monthText, slotsByDay, timeText, timeZoneText, weekdayNames } from '../lib/appointment-dates.ts';
import { useAvailableSlots } from '../lib/doctors.ts';
import { FormError } from './form-error.tsx';
import './slot-picker.css';

interface Props {
  doctorId: string;
  /** The patient booking (their own other appointments are left out); none for a visitor. */
  patientId?: string;
  /** How many days ahead the doctor takes bookings. */
  horizonDays: number;
  /** The chosen start time, as the API gave it. */
  value: string | undefined;
  onChange: (slot: string) => void;
}

interface Month {
  year: number;
  month: number;
}

const monthOf = (date: Date): Month => ({ year: date.getFullYear(), month: date.getMonth() });
const shift = ({ year, month }: Month, by: number): Month => monthOf(new Date(year, month + by, 1));
const startOf = ({ year, month }: Month) => new Date(year, month, 1);

/**
 * Date and time: a month of days (those with free times can be chosen), then the free times of the chosen day,
 * in the reader's own time zone, which it names.
 */
export function SlotPicker({ doctorId, patientId, horizonDays, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const { now, month, setMonth, setChosenDay, slots, byDay, loadingMonth, isFirst, isLast, day, times, chosenGone } = useSlotCalendar({
    doctorId,
    patientId,
    horizonDays,
    value,
  });

  return (
    <Stack gap="md">
      <Text size="sm">{t('booking.picker.zone', { zone: timeZoneText(now) })}</Text>
      <MonthNav month={month} locale={locale} headingId={headingId} isFirst={isFirst} isLast={isLast} onMonth={setMonth} />
      <DayGrid
        month={month}
        locale={locale}
        headingId={headingId}
        byDay={byDay}
        day={day}
        busy={loadingMonth || slots.isLoading}
        loadingMonth={loadingMonth}
        onDay={setChosenDay}
      />
      {slots.error ? (
        <FormError error={slots.error} />
      ) : slots.isLoading || loadingMonth ? (
        <Loader role="status" aria-label={t('common.loading')} />
      ) : day ? (
        <DayTimes day={day} times={times} locale={locale} value={value} onChange={onChange} />
      ) : (
        <Text>{isLast ? t('booking.picker.noneInHorizon') : t('booking.picker.noneThisMonth')}</Text>
      )}
      {chosenGone && (
        <Alert color="yellow" role="status">
          {t('booking.picker.chosenGone')}
        </Alert>
      )}
    </Stack>
  );
}

/** The month shown and its free times by day, the chosen day and its times, and whether the chosen time was taken. */
function useSlotCalendar({ doctorId, patientId, horizonDays, value }: Omit<Props, 'onChange'>) {
  const [now] = useState(() => new Date());
  const firstMonth = monthOf(now);
  const lastMonth = monthOf(new Date(now.getTime() + horizonDays * 86_400_000));
  const [month, setMonth] = useState<Month>(() => (value ? monthOf(new Date(value)) : firstMonth));
  const [chosenDay, setChosenDay] = useState<string | undefined>(() => (value ? dayKey(value) : undefined));
  const [autoAdvanced, setAutoAdvanced] = useState(false);

  const range = useMemo(() => {
    const from = startOf(month);
    return { from: from < now ? now : from, to: startOf(shift(month, 1)) };
  }, [month, now]);
  const slots = useAvailableSlots(doctorId, range, patientId);
  const byDay = useMemo(() => slotsByDay(slots.data ?? []), [slots.data]);
  const loadingMonth = slots.isFetching && slots.isPlaceholderData;

  const isFirst = month.year === firstMonth.year && month.month === firstMonth.month;
  const isLast = month.year > lastMonth.year || (month.year === lastMonth.year && month.month >= lastMonth.month);

  // A month with no free time left (late in the month) moves on to the next once, by itself.
  if (slots.data && !slots.isPlaceholderData && !autoAdvanced) {
    setAutoAdvanced(true);
    if (byDay.size === 0 && isFirst && !isLast && !value) setMonth(shift(month, 1));
  }

  // The chosen day: the day of the chosen time, else the first day with free times in the month.
  const day = chosenDay && byDay.has(chosenDay) ? chosenDay : byDay.keys().next().value;
  const times = day ? (byDay.get(day) ?? []) : [];
  const valueAt = value ? Date.parse(value) : NaN;
  // The chosen time was taken meanwhile (it is in this month's range but no longer free).
  const chosenGone =
    value !== undefined &&
    slots.data !== undefined &&
    !slots.isPlaceholderData &&
    valueAt >= range.from.getTime() &&
    valueAt < range.to.getTime() &&
    !slots.data.includes(value);

  return { now, month, setMonth, setChosenDay, slots, byDay, loadingMonth, isFirst, isLast, day, times, chosenGone };
}

/** The month's name between the buttons to the previous and the next month. */
function MonthNav({
  month,
  locale,
  headingId,
  isFirst,
  isLast,
  onMonth,
}: {
  month: Month;
  locale: string;
  headingId: string;
  isFirst: boolean;
  isLast: boolean;
  onMonth: (month: Month) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" maw="24rem">
      <Button
        variant="default"
        size="sm"
        disabled={isFirst}
        onClick={() => onMonth(shift(month, -1))}
        aria-label={t('booking.picker.previousMonth')}
      >
        ‹
      </Button>
      <Title order={3} fz="md" id={headingId} aria-live="polite" ta="center">
        {monthText(month.year, month.month, locale)}
      </Title>
      <Button
        variant="default"
        size="sm"
        disabled={isLast}
        onClick={() => onMonth(shift(month, 1))}
        aria-label={t('booking.picker.nextMonth')}
      >
        ›
      </Button>
    </Group>
  );
}

/** The month's days under the weekdays' names; a day with free times can be chosen. */
function DayGrid({
  month,
  locale,
  headingId,
  byDay,
  day,
  busy,
  loadingMonth,
  onDay,
}: {
  month: Month;
  locale: string;
  headingId: string;
  byDay: Map<string, string[]>;
  day: string | undefined;
  busy: boolean;
  loadingMonth: boolean;
  onDay: (day: string) => void;
}) {
  const { t } = useTranslation();
  const names = weekdayNames(locale);
  const grid = monthGrid(month.year, month.month);
  return (
    <div role="group" aria-labelledby={headingId} aria-busy={busy} className="slot-calendar">
      {names.map((name) => (
        <div key={name} className="slot-calendar__weekday" aria-hidden="true">
          {name}
        </div>
      ))}
      {grid.flat().map((key, index) => {
        if (!key) return <div key={`blank-${index}`} aria-hidden="true" />;
        const count = byDay.get(key)?.length ?? 0;
        const selected = key === day;
        return (
          <UnstyledButton
            key={key}
            className="slot-calendar__day"
            data-selected={selected || undefined}
            data-free={count > 0 || undefined}
            disabled={count === 0 || loadingMonth}
            aria-pressed={count > 0 ? selected : undefined}
            aria-label={`${dayText(key, locale)}, ${count > 0 ? t('booking.picker.freeTimes', { count }) : t('booking.picker.noFreeTimes')}`}
            onClick={() => onDay(key)}
          >
            {Number(key.slice(8))}
          </UnstyledButton>
        );
      })}
    </div>
  );
}

/** The chosen day's free times, one of which can be chosen. */
function DayTimes({
  day,
  times,
  locale,
  value,
  onChange,
}: {
  day: string;
  times: string[];
  locale: string;
  value: string | undefined;
  onChange: (slot: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {dayText(day, locale)}
      </Title>
      <Chip.Group value={value && times.includes(value) ? value : null} onChange={(slot) => typeof slot === 'string' && onChange(slot)}>
        <Group gap="xs" role="radiogroup" aria-label={t('booking.picker.timesOf', { day: dayText(day, locale) })}>
          {times.map((slot) => (
            <Chip key={slot} value={slot} type="radio" variant="outline">
              {timeText(slot)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
