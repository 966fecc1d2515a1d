import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './format-duration.ts';

/** formatDuration in the current language, for components. */
export function useFormatDuration(): (seconds: number) => string {
  const { t } = useTranslation('common');
  return useCallback((seconds: number) => formatDuration(t, seconds), [t]);
}
