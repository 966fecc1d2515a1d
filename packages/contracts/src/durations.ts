// How a length of time splits into the units people say, the one rule the web's screens and the
// server's mails, PDF and exports write durations by (each in its own words: common:duration in the
// web's locales, common.duration in the server's): seconds only under a minute, minutes under an
// hour, hours and minutes under a day, then days and hours. Whole units, cut down, never rounded
// up: a call of 59 min 59 s must not read as an hour.

export type DurationParts =
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number; hours: number };

/** The parts of `totalSeconds`; below zero, or not finite, is none (0 s). */
export function durationParts(totalSeconds: number): DurationParts {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  if (seconds < 60) return { unit: 'seconds', seconds };
  const totalMinutes = Math.floor(seconds / 60);
  if (totalMinutes < 60) return { unit: 'minutes', minutes: totalMinutes };
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24) return { unit: 'hours', hours: totalHours, minutes: totalMinutes % 60 };
  return { unit: 'days', days: Math.floor(totalHours / 24), hours: totalHours % 24 };
}

/** Two-digit minutes after hours ("2 u 05 min") keep a column of durations readable. */
export const twoDigits = (value: number): string => String(value).padStart(2, '0');
