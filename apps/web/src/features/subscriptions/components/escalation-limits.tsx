import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { escalationLimitsQueryOptions } from '../api/escalation-limits.ts';

/**
 * What the escalation subscription means, and the limits of the organisation chosen in the menu (the
 * limits of each lift's own organisation apply; without one chosen, or when they cannot be read,
 * the general sentence says enough).
 */
export function EscalationLimits({ organisationId }: { organisationId: number | null }) {
  const { t } = useTranslation('subscriptions');
  const query = useQuery({ ...escalationLimitsQueryOptions(organisationId ?? 0), enabled: organisationId !== null });
  const limits = organisationId !== null ? query.data : undefined;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('escalation.description')}
      {limits
        ? ` ${t('escalation.limits', {
            organisation: limits.organisationName,
            first: t('escalation.minutes', { count: limits.firstMinutes }),
            second: t('escalation.minutes', { count: limits.secondMinutes }),
          })}`
        : null}
    </Typography>
  );
}
