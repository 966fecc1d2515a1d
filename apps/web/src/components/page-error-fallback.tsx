import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from './error-panel.tsx';

interface PageErrorFallbackProps {
  onRetry: () => void;
}

/** Replaces one page; the menu and the rest of the shell keep working. */
export function PageErrorFallback({ onRetry }: PageErrorFallbackProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <ErrorPanel
        title={t('errors.page.title')}
        message={t('errors.page.message')}
        actionLabel={t('errors.page.action')}
        onAction={onRetry}
      />
    </Box>
  );
}
