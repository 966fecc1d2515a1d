import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { escalationSettingsQueryOptions } from '../api/escalation-settings.ts';
import { EscalationLimitsForm } from './escalation-limits-form.tsx';

// The organisation chosen in the menu; before any is chosen, the user's own.
const selectOrganisationId = (state: SessionState) => state.organisationId ?? state.user?.organisation_id ?? null;

/**
 * /admin/escalations: when the entrapments of the organisation chosen in the menu (else the user's
 * own) escalate. Its own
 * admin (or system-admin) changes the limits; an organisation that granted access shows them read-only.
 */
export function EscalationSettingsPage() {
  const { t } = useTranslation('escalations');
  const allowed = usePermission('escalations.manage');
  const organisationId = useSession(selectOrganisationId);
  return (
    <PageContainer>
      <PageTitle title={t('title')} />
      {!allowed ? (
        <Typography role="status">{t('noAccess')}</Typography>
      ) : organisationId === null ? null : (
        <>
          <Typography sx={{ mb: 3, maxWidth: 720 }}>{t('intro')}</Typography>
          <EscalationSettings key={organisationId} organisationId={organisationId} />
        </>
      )}
    </PageContainer>
  );
}

function EscalationSettings({ organisationId }: { organisationId: number }) {
  const { t: tc } = useTranslation();
  const query = useQuery(escalationSettingsQueryOptions(organisationId));
  if (query.isPending) return <CircularProgress aria-label={tc('loading')} />;
  if (query.isError) {
    return (
      <ErrorPanel
        title={tc('errors.page.title')}
        message={apiErrorMessage(query.error, tc)}
        actionLabel={tc('errors.page.action')}
        onAction={() => void query.refetch()}
      />
    );
  }
  return <EscalationLimitsForm settings={query.data} />;
}
