import { DEFAULT_DOCTOR_TIME_ZONE, paymentsApi, recordAccessApi, recordAccessTimeZoneSchema } from '@rozmova/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Days per page of the records-access log. */
export const RECORD_ACCESS_DAYS_PAGE = 7;

/** The receipt of a paid consultation; read when the patient opens it. */
export function useReceipt(appointmentId: string | null) {
  return useQuery({
    queryKey: queryKeys.payments.receipt(appointmentId ?? ''),
    queryFn: ({ signal }) => call(paymentsApi.receipt, { params: { id: appointmentId! }, signal }),
    enabled: appointmentId !== null,
  });
}

/** The reader's time zone by IANA name, where the log's days begin and end; Kyiv when the browser names none we take. */
export function readerTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return recordAccessTimeZoneSchema.safeParse(zone).success ? zone : DEFAULT_DOCTOR_TIME_ZONE;
}

/**
 * One page of days of who of the staff opened the patient's records, newest first, each day's entries grouped on the
 * server by member of staff and kind of access (so a day of list views is one line, not thousands of rows).
 */
export function useRecordAccessDays(patientId: string, offset: number, timeZone: string) {
  return useQuery({
    queryKey: queryKeys.recordAccess.days(patientId, offset, timeZone),
    queryFn: ({ signal }) =>
      call(recordAccessApi.listDays, {
        params: { id: patientId },
        query: { limit: RECORD_ACCESS_DAYS_PAGE, offset, tz: timeZone },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
