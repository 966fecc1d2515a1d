import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { reloadPage } from '../lib/reload-page.ts';
import { ErrorPanel } from './error-panel.tsx';

/** The outermost fallback: nothing below it can be trusted, so the only way out is a reload. */
export function CriticalErrorFallback() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <ErrorPanel
        title={t('errors.critical.title')}
        message={t('errors.critical.message')}
        actionLabel={t('errors.critical.action')}
        onAction={reloadPage}
      />
    </Box>
  );
}
