import { Anchor, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { RecordAccessDay, RecordAccessGroup } from '@rozmova/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { dayKey, timeText } from '../../lib/appointment-dates.ts';
import { intlLocale } from '../../lib/format.ts';
import { appPaths } from '../../lib/paths.ts';
import { RECORD_ACCESS_DAYS_PAGE, readerTimeZone, useRecordAccessDays } from './history-api.ts';

/** Lines wrap between words; a word longer than the line (a long name) breaks only when it cannot fit whole. */
const wrapWords = { overflowWrap: 'break-word' } as const;
const listReset = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** "Tuesday, 25 November" (without the weekday on request, with the year when it is not this one), from a day key. */
function dayText(key: string, today: string, locale: string, weekday: boolean): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: 'UTC' };
  if (weekday) options.weekday = 'long';
  if (key.slice(0, 4) !== today.slice(0, 4)) options.year = 'numeric';
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(new Date(`${key}T12:00:00Z`));
}

const capitalised = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** The day before a YYYY-MM-DD key. */
const dayBefore = (key: string) => new Date(Date.parse(`${key}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * "Who opened my records": the patient's own view of the audit log, a page of days at a time, newest first. The server
 * groups each day's entries by member of staff and kind of access, so a day of list views is one line with its count;
 * the single times of a group open under it.
 */
export function RecordsAccessTab({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const timeZone = useMemo(() => readerTimeZone(), []);
  const [page, setPage] = useState(1);
  const access = useRecordAccessDays(patientId, (page - 1) * RECORD_ACCESS_DAYS_PAGE, timeZone);
  const today = dayKey(new Date(), timeZone);
  const headingOf = (key: string) => {
    if (key === today) return t('history.accessToday', { date: dayText(key, today, locale, false) });
    if (key === dayBefore(today)) return t('history.accessYesterday', { date: dayText(key, today, locale, false) });
    return capitalised(dayText(key, today, locale, true), locale);
  };
  return (
    <Stack gap="lg">
      <SectionCard title={t('history.accessTitle')} titleId="records-access-title">
        <Text>{t('history.accessWhy')}</Text>
        <Text>
          {t('history.accessWrong')}{' '}
          <Anchor component={Link} to={appPaths.contacts} underline="always">
            {t('history.accessContact')}
          </Anchor>
        </Text>
      </SectionCard>
      {access.error ? (
        <FormError error={access.error} />
      ) : !access.data ? (
        <Loader role="status" aria-label={t('common.loading')} size="sm" />
      ) : access.data.total_days === 0 ? (
        <Text>{t('history.accessNone')}</Text>
      ) : (
        <>
          {access.data.days.map((day) => (
            <AccessDay key={day.day} day={day} heading={headingOf(day.day)} timeZone={timeZone} />
          ))}
          <Pager total={access.data.total_days} pageSize={RECORD_ACCESS_DAYS_PAGE} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

function AccessDay({ day, heading, timeZone }: { day: RecordAccessDay; heading: string; timeZone: string }) {
  const headingId = `records-access-${day.day}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="md" id={headingId}>
        {heading}
      </Title>
      <Stack component="ul" gap="xs" style={listReset}>
        {day.groups.map((group) => (
          <AccessGroup key={group.id} group={group} timeZone={timeZone} />
        ))}
      </Stack>
    </Stack>
  );
}

/** One line per member of staff and kind of access on a day: who, what, how many times, when; each time folded inside. */
function AccessGroup({ group, timeZone }: { group: RecordAccessGroup; timeZone: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  const timesId = useId();
  const what = t([`history.access.${group.action}.${group.resource}`, `history.access.${group.action}.other`, 'history.access.other']);
  const first = timeText(group.first_at, timeZone);
  const last = timeText(group.last_at, timeZone);
  const earlier = group.count - group.times.length;
  return (
    <Card component="li" withBorder padding="sm" style={wrapWords}>
      <Text id={summaryId} style={wrapWords}>
        <Text span fw={700} inherit>
          {t('history.accessPerson', { role: t(`history.role.${group.actor_role}`), name: group.actor_name })}
        </Text>
        {' — '}
        {t('history.accessCount', { what, count: group.count })}
      </Text>
      <Text size="sm" c="dimmed">
        {group.count === 1 || first === last ? last : t('history.accessSpan', { from: first, to: last })}
      </Text>
      {group.count > 1 && (
        <>
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              mt={4}
              aria-expanded={open}
              aria-controls={timesId}
              aria-describedby={summaryId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t('history.accessHideTimes') : t('history.accessShowTimes')}
            </Button>
          </div>
          <div id={timesId} hidden={!open}>
            <Text component="ul" size="sm" mt={4} style={{ ...listReset, display: 'flex', flexWrap: 'wrap', gap: '4px 12px' }}>
              {group.times.map((time, index) => (
                <li key={`${time}-${index}`}>{timeText(time, timeZone)}</li>
              ))}
            </Text>
            {earlier > 0 && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('history.accessEarlier', { count: earlier })}
              </Text>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
