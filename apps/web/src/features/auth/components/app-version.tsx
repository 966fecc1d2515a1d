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

  if (failed) return null;
  // Its line is held while the version loads, so the form does not move when it arrives.
  return (
    <Typography variant="caption" color="text.secondary" sx={{ minHeight: '1lh' }}>
      {version.status === 'success' ? t('version.label', { version: version.version }) : null}
    </Typography>
  );
}
