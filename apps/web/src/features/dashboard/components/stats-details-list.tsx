import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { statsDetailsQueryOptions } from '../api/stats-details-query.ts';
import { filterDetails } from '../lib/details-values.ts';
import type { DetailsRoute } from '../lib/details-route.ts';
import { detailsUnit } from '../lib/details-unit.ts';
import { SenseFilterField } from './sense-filter-field.tsx';
import { StatsDetailsTable } from './stats-details-table.tsx';

interface StatsDetailsListProps {
  route: DetailsRoute;
  organisationId: number;
  /** The selected period, for period figures; undefined for current conditions. */
  period: { from: string; to: string } | undefined;
}

export function StatsDetailsList({ route, organisationId, period }: StatsDetailsListProps) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const filterText = useSession((state) => state.senseNotConnectedFilter);
  const details = useQuery(statsDetailsQueryOptions({ ...route, organisationId, ...(period ? { period } : {}) }));
  const filterable = route.type === 'senseNotConnected';

  if (details.isPending) return <LinearProgress aria-label={t('statsDetails.tableLabel')} />;
  if (details.isError) {
    const noLifts = isApiError(details.error) && details.error.status === 404;
    return (
      <Alert severity={noLifts ? 'info' : 'error'}>
        {noLifts ? t('noLifts') : apiErrorMessage(details.error, tCommon)}
      </Alert>
    );
  }

  const { items, total } = details.data;
  const shown = filterable ? filterDetails(items, filterText, toLocale(i18n.language)) : items;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {filterable ? (
        <Box sx={{ maxWidth: 360 }}>
          <SenseFilterField />
        </Box>
      ) : null}
      <Typography variant="body2" color="text.secondary" role="status">
        {t('statsDetails.count', { count: shown.length })}
        {total > items.length ? ` ${t('statsDetails.partial', { shown: items.length, total })}` : null}
      </Typography>
      {shown.length === 0 ? (
        <Typography>{t('statsDetails.empty')}</Typography>
      ) : (
        <StatsDetailsTable
          items={shown}
          unit={items[0]?.unit ?? detailsUnit(route.type, period !== undefined)}
          type={route.type}
        />
      )}
    </Box>
  );
}
