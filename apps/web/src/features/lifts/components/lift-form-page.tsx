import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Lift } from '@liftwacht/contracts/lifts';
import { paths } from '../../../app/paths.ts';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { nonBlank } from '../../../lib/non-blank.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { selectSeesEveryOrganisation, useOrganisationPermission } from '../../../lib/use-organisation-permission.ts';
import { liftQueryOptions } from '../api/get-lift.ts';
import { LiftForm } from './lift-form.tsx';

const selectOrganisationId = (state: SessionState) => state.organisationId;
const selectOwnOrganisationId = (state: SessionState) => state.user?.organisation_id ?? null;

/** /lifts/new: a new lift, in the picked organisation for a system-admin, else in the user's own. */
export function NewLiftPage() {
  const { t } = useTranslation('lifts');
  const allowed = useOrganisationPermission('lifts.manage');
  const picked = useSession(selectOrganisationId);
  const own = useSession(selectOwnOrganisationId);
  const everyOrganisation = useSession(selectSeesEveryOrganisation);
  return (
    <PageContainer>
      <BackToList />
      <PageTitle title={t('form.newTitle')} />
      {allowed ? (
        <LiftForm lift={null} initialOrganisationId={everyOrganisation ? picked : own} />
      ) : (
        <Typography role="status">{t('form.noAccess')}</Typography>
      )}
    </PageContainer>
  );
}

/** /lifts/{liftId}/edit: the lift's fields, for the administrators of its own organisation. */
export function EditLiftPage({ liftId }: { liftId: string }) {
  const { t } = useTranslation('lifts');
  const query = useQuery(liftQueryOptions(liftId));
  if (parseRouteId(liftId) === null) {
    return (
      <PageContainer>
        <PageTitle title={t('detail.title', { id: liftId })} />
        <Typography role="status">{t('detail.invalidId')}</Typography>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <BackToList />
      {query.data ? null : <PageTitle title={t('detail.title', { id: liftId })} />}
      <EntityQueryState query={query} notFoundText={t('detail.notFound')}>
        {(lift) => <EditLift lift={lift} />}
      </EntityQueryState>
    </PageContainer>
  );
}

function EditLift({ lift }: { lift: Lift }) {
  const { t } = useTranslation('lifts');
  const allowed = useOrganisationPermission('lifts.manage', lift.organisationId);
  const name = nonBlank(lift.details.liftname) ?? t('detail.title', { id: lift.id });
  return (
    <>
      <PageTitle title={t('form.editTitle', { name })} />
      {allowed ? (
        // Keyed by version: a save elsewhere (the decommission dialog) starts the form afresh.
        <LiftForm key={lift.version} lift={lift} initialOrganisationId={lift.organisationId} />
      ) : (
        <Typography role="status">{t('form.noAccess')}</Typography>
      )}
    </>
  );
}

function BackToList() {
  const { t } = useTranslation('lifts');
  return (
    <Button component={RouterLink} to={paths.lifts} sx={{ mb: 1, ml: -1, minHeight: 44 }}>
      {t('detail.back')}
    </Button>
  );
}
