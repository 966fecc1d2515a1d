import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { useVersion } from '../hooks/use-version.ts';

/** The product version on the login page (spec §1); a failure is reported once as a toast (§8). */
export function AppVersion() {
  const { t } = useTranslation('auth');
  const version = useVersion();
  const failed = version.status === 'error';

  useEffect(() => {
    if (failed) toast.error(t('version.fetchFailed'), { id: 'version-fetch-failed' });
  }, [failed, t]);

  if (version.status !== 'success') return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {t('version.label', { version: version.version })}
    </Typography>
  );
}
