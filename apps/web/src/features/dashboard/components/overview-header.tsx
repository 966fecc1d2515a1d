import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface OverviewHeaderProps {
  /** Undefined while loading (or when it could not be loaded). */
  liftCount: number | undefined;
  /** What the figures cover: "Actuele situatie" or the period's dates. */
  scope: string;
  /** The PDF icon, in the period view only. */
  action?: ReactNode;
}

/** Spec §2: the Overview header with the organisation's total lift count. */
export function OverviewHeader({ liftCount, scope, action }: OverviewHeaderProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="h5" component="h2">
          {t('overview.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="p">
          {liftCount === undefined ? (
            <Skeleton
              component="span"
              width="6ch"
              sx={{ display: 'inline-block' }}
              aria-label={t('overview.liftCountLoading')}
            />
          ) : (
            t('overview.liftCount', { count: liftCount })
          )}
          {' · '}
          {scope}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}
