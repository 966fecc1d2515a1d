import { useTranslation } from 'react-i18next';
import { ErrorPanel } from './error-panel.tsx';

interface ChartErrorPanelProps {
  title?: string;
  message?: string;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
}

/** Stands in for a chart whose data failed to load (spec §2), keeping the chart's height. */
export function ChartErrorPanel({ title, message, onRetry }: ChartErrorPanelProps) {
  const { t } = useTranslation();
  return (
    <ErrorPanel
      title={title ?? t('errors.chart.title')}
      message={message ?? t('errors.chart.message')}
      actionLabel={t('errors.chart.action')}
      onAction={onRetry}
      minHeight={200}
    />
  );
}
