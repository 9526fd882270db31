import { JOIN_OPENS_MINUTES, type Locale } from '@rozmova/contracts';
import type { UserRow } from '../../db/rows.ts';
import type { AppointmentView } from './appointments.repository.ts';
import { calendarTexts } from './appointments.texts.ts';

/** RFC 5545 UTC date-time: `YYYYMMDDTHHMMSSZ`. */
export const icsDateTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface CalendarEvent {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  cancelled: boolean;
  /** Grows with each change, so a calendar that imported the file before replaces the event. */
  sequence: number;
}

/**
 * RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values; the other control
 * characters, which TEXT may not hold (a lone carriage return included), are dropped. Tab is allowed.
 */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation line starts with a space, so 74 more.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** One VEVENT in a VCALENDAR, CRLF line ends, times in UTC. */
export function renderCalendar(event: CalendarEvent, locale: Locale): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rozmova//Appointments//' + locale.toUpperCase(),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SEQUENCE:${event.sequence}`,
    `SUMMARY;LANGUAGE=${locale}:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION;LANGUAGE=${locale}:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    ...(event.cancelled
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT15M', `DESCRIPTION:${escapeText(event.summary)}`, 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The calendar file of an appointment for one of its people, in that person's language. */
export function calendarFileOf(v: AppointmentView, reader: Pick<UserRow, 'id' | 'locale'>, publicUrl: string, now: Date) {
  const other = reader.id === v.doctor.userId ? v.patient.userName : v.doctor.userName;
  const join = `${publicUrl}/meet/${v.appointment.roomId}`;
  const { summary, description } = calendarTexts(reader.locale, other, join, JOIN_OPENS_MINUTES);
  const a = v.appointment;
  const body = renderCalendar(
    {
      uid: `${a.id}@${new URL(publicUrl).hostname}`,
      stamp: now,
      start: a.startsAt,
      end: a.endsAt,
      summary,
      description,
      url: join,
      cancelled: a.status === 'canceled',
      sequence: Math.max(0, Math.floor((a.updatedAt.getTime() - a.createdAt.getTime()) / 1000)),
    },
    reader.locale,
  );
  return { fileName: `rozmova-${a.startsAt.toISOString().slice(0, 10)}.ics`, body };
}
