import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardView } from '../hooks/use-dashboard-view.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { LiftCurrentCards } from './lift-current-cards.tsx';
import { LiftPeriodCards } from './lift-period-cards.tsx';

export interface LiftStatsProps {
  liftId: number;
  organisationId: number;
  /** The lift has a lift type (an intercom): shows intercom availability in the period view. */
  hasLiftType: boolean;
  /** A lift flow is available: shows the sense-not-connected card in the current view. */
  hasFlow: boolean;
}

/**
 * The dashboard's single-lift variant (spec §2) for the lift detail page. It follows the session's
 * view and period like the dashboard: yes/no cards for the current situation, figures for a period.
 */
export function LiftStats({ liftId, organisationId, hasLiftType, hasFlow }: LiftStatsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const view = useDashboardView();
  const titleId = useId();
  const features = { hasLiftType, hasFlow };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {view.viewIsCurrent
          ? t('lift.currentTitle')
          : t('lift.periodTitle', { range: format.dateRange(view.from, view.to) })}
      </Typography>
      {view.viewIsCurrent ? (
        <LiftCurrentCards liftId={liftId} organisationId={organisationId} restricted={view.restricted} {...features} />
      ) : (
        <LiftPeriodCards liftId={liftId} organisationId={organisationId} from={view.from} to={view.to} {...features} />
      )}
    </Box>
  );
}
