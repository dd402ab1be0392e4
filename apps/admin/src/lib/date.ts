import dayjs from 'dayjs';

/** A server time as the console shows it ('2026-11-24 12:05'); '—' when there is none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : value;
}
