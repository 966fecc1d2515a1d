// The one way the web shows a length of time (events, calls, visits, dashboard figures): the units
// people say, localised through common:duration ("34 min", "2 u 05 min", "7 d 10 u" in Dutch;
// "34 min", "2 h 05 min", "7 d 10 h" in English). Seconds only under a minute ("45 s"). Whole units,
// cut down, never rounded up: a call of 59 min 59 s must not read as an hour. The server's mails,
// PDF and exports use the same rule (apps/server/src/lib/format-duration.ts).
import type { TFunction } from 'i18next';

export type DurationParts =
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number; hours: number };

export function durationParts(totalSeconds: number): DurationParts {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (seconds < 60) return { unit: 'seconds', seconds };
  const totalMinutes = Math.floor(seconds / 60);
  if (totalMinutes < 60) return { unit: 'minutes', minutes: totalMinutes };
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24) return { unit: 'hours', hours: totalHours, minutes: totalMinutes % 60 };
  return { unit: 'days', days: Math.floor(totalHours / 24), hours: totalHours % 24 };
}

// Two-digit minutes after hours ("2 u 05 min") keep a column of durations readable.
const pad = (value: number): string => String(value).padStart(2, '0');

export function formatDuration(t: TFunction, totalSeconds: number): string {
  const parts = durationParts(totalSeconds);
  switch (parts.unit) {
    case 'seconds':
      return t('duration.seconds', { seconds: parts.seconds });
    case 'minutes':
      return t('duration.minutes', { minutes: parts.minutes });
    case 'hours':
      return t('duration.hours', { hours: parts.hours, minutes: pad(parts.minutes) });
    case 'days':
      return t('duration.days', { days: parts.days, hours: parts.hours });
  }
}
