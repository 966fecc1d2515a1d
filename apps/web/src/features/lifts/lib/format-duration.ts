export type DurationParts =
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'days'; days: number; hours: number };

/** A visit's length the way people say it: minutes, hours and minutes, or days and hours. */
export function durationParts(seconds: number): DurationParts {
  const totalMinutes = Math.max(0, Math.floor(seconds / 60));
  const minutes = totalMinutes % 60;
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours === 0) return { unit: 'minutes', minutes };
  if (totalHours < 24) return { unit: 'hours', hours: totalHours, minutes };
  return { unit: 'days', days: Math.floor(totalHours / 24), hours: totalHours % 24 };
}
