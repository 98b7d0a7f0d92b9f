/**
 * Writes iCalendar text (RFC 5545) from plain values: the escaping of text values (§3.3.11), UTC
 * date-times (§3.3.5, form 2), and line folding at 75 octets (§3.1) without splitting a UTF-8
 * character. Times are always written in UTC: correct in every client without shipping a
 * VTIMEZONE, since each moment was already computed on its strategy's own clock.
 */

interface CalendarAlarm {
  at: Date;
  description: string;
}

export interface CalendarEvent {
  /** Stable across fetches, so a client replaces the event instead of adding a second one. */
  uid: string;
  /** Grows when the event's time changes, so a client takes the new one over what it holds. */
  sequence: number;
  lastModified: Date;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  url: string;
  alarms: readonly CalendarAlarm[];
}

interface CalendarDocument {
  /** The PRODID's product part, e.g. "-//Keystone//Calendar feed//EN". */
  productId: string;
  name: string;
  /** How often clients are asked to fetch again. */
  refreshHours: number;
  stamp: Date;
  events: readonly CalendarEvent[];
}

/** Control characters other than tab may not appear in a TEXT value (RFC 5545 §3.3.11). */
const isAllowedInText = (character: string) => {
  const code = character.charCodeAt(0);
  return code === 9 || (code >= 32 && code !== 127);
};

/** Backslash, semicolon and comma escaped; every line break as `\n`; other control characters dropped. */
function escapeText(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');
  return [...escaped].filter(isAllowedInText).join('');
}

/** `20261207T080000Z`. */
function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();
const MAX_LINE_OCTETS = 75;

/** One content line folded: continuation lines start with a space, which counts in their 75 octets. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DURATION:PT${event.durationMinutes}M`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    ...event.alarms.flatMap((alarm) => [
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `TRIGGER;VALUE=DATE-TIME:${utcDateTime(alarm.at)}`,
      `DESCRIPTION:${escapeText(alarm.description)}`,
      'END:VALARM',
    ]),
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR, CRLF line ends as the format requires. */
export function writeCalendar(document: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${document.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(document.name)}`,
    `NAME:${escapeText(document.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${document.refreshHours}H`,
    `X-PUBLISHED-TTL:PT${document.refreshHours}H`,
    ...document.events.flatMap((event) => eventLines(event, document.stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
