import { useTranslation } from 'react-i18next';
import { durationParts } from '../lib/format-duration.ts';

export function useFormatDuration(): (seconds: number) => string {
  const { t } = useTranslation('lifts');
  return (seconds) => {
    const parts = durationParts(seconds);
    switch (parts.unit) {
      case 'minutes':
        return t('duration.minutes', { minutes: parts.minutes });
      case 'hours':
        return t('duration.hours', { hours: parts.hours, minutes: parts.minutes });
      case 'days':
        return t('duration.days', { days: parts.days, hours: parts.hours });
    }
  };
}
