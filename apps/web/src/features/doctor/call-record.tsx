import { Box, Text } from '@mantine/core';
import type { CallRecord } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { timeText } from '../../lib/appointment-dates.ts';
import { useCallRecord } from './api.ts';

/** The call of a running or completed consultation: when, how long, reconnects, how it ended, and each join and leave. */
export function CallRecordSummary({ appointmentId, timeZone }: { appointmentId: string; timeZone: string }) {
  const { t } = useTranslation();
  const record = useCallRecord(appointmentId);
  if (!record.data) return null;
  // Plain lines, not a list or a region: the card is one item of the day's list.
  return (
    <Box>
      <Text size="sm">
        <Text span size="sm" fw={600}>
          {t('doctor.callRecord.title')}:
        </Text>{' '}
        {summaryOf(t, record.data, timeZone)}
      </Text>
      {record.data.events.map((event, index) => (
        <Text key={`${event.at}-${index}`} size="xs" c="dimmed">
          {t('doctor.callRecord.event', {
            time: timeText(event.at, timeZone),
            who: t(`doctor.callRecord.who.${event.role}`),
            what: t(`doctor.callRecord.kind.${event.kind}`),
          })}
        </Text>
      ))}
    </Box>
  );
}

function summaryOf(t: ReturnType<typeof useTranslation>['t'], record: CallRecord, timeZone: string): string {
  if (!record.startedAt) return record.events.length === 0 ? t('doctor.callRecord.none') : t('doctor.callRecord.notTogether');
  const start = timeText(record.startedAt, timeZone);
  if (!record.endedAt) return t('doctor.callRecord.running', { start, reconnects: record.reconnects });
  return t('doctor.callRecord.summary', {
    start,
    end: timeText(record.endedAt, timeZone),
    minutes: Math.max(1, Math.round((record.durationSeconds ?? 0) / 60)),
    reconnects: record.reconnects,
    reason: t(`doctor.callRecord.reason.${record.endReason ?? 'left'}`),
  });
}
