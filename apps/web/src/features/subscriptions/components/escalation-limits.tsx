import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { escalationLimitsQueryOptions } from '../api/escalation-limits.ts';

// The organisation chosen in the menu; before any is chosen, the user's own.
const selectOrganisationId = (state: SessionState) => state.organisationId ?? state.user?.organisation_id ?? null;

/**
 * What the escalation subscription means, and the limits of the organisation chosen in the menu, or
 * the user's own (each lift's own organisation's limits apply; when they cannot be read, the general
 * sentence says enough).
 */
export function EscalationLimits() {
  const { t } = useTranslation('subscriptions');
  const organisationId = useSession(selectOrganisationId);
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
