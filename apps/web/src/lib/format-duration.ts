// The one way the web shows a length of time (events, calls, visits, dashboard figures): the units
// of durationParts (@liftwacht/contracts/durations, the rule the server's mails, PDF and exports
// follow too), localised through common:duration ("34 min", "2 u 05 min", "7 d 10 u" in Dutch;
// "34 min", "2 h 05 min", "7 d 10 h" in English).
import type { TFunction } from 'i18next';
import { durationParts, twoDigits } from '@liftwacht/contracts/durations';

export function formatDuration(t: TFunction, totalSeconds: number): string {
  const parts = durationParts(totalSeconds);
  switch (parts.unit) {
    case 'seconds':
      return t('duration.seconds', { seconds: parts.seconds });
    case 'minutes':
      return t('duration.minutes', { minutes: parts.minutes });
    case 'hours':
      return t('duration.hours', { hours: parts.hours, minutes: twoDigits(parts.minutes) });
    case 'days':
      return t('duration.days', { days: parts.days, hours: parts.hours });
  }
}
