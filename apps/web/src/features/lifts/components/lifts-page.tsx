import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { selectIsRestrictedUser } from '../../../lib/session/session-selectors.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useOrganisationPermission } from '../../../lib/use-organisation-permission.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { useLiftListState } from '../hooks/use-lift-list-state.ts';
import { criteriaCount } from '../lib/advanced-criteria.ts';
import type { LiftListState } from '../lib/lift-list-params.ts';
import { AdvancedSearchPanel } from './advanced-search-panel.tsx';
import { LiftResults } from './lift-results.tsx';
import { LiftSearchBox } from './lift-search-box.tsx';

const selectOrganisationId = (state: SessionState) => state.organisationId;

/** What the list shows right now: the organisation and the search, criteria and order of the URL. */
export interface LiftListView extends LiftListState {
  organisationId: number | null;
}

interface LiftsPageProps {
  /**
   * More actions on the list (export, import), put here by the route: they belong to the
   * lift-spreadsheets feature, which this one does not import.
   */
  actions?: (view: LiftListView) => ReactNode;
}

/** /lifts: find a lift among thousands (spec §2 lifts list). */
export function LiftsPage({ actions }: LiftsPageProps) {
  const { t } = useTranslation('lifts');
  const allowed = usePermission('lifts.list');
  return (
    <PageContainer>
      <PageTitle title={t('list.title')} />
      {allowed ? <LiftsList actions={actions} /> : <Typography role="status">{t('list.noAccess')}</Typography>}
    </PageContainer>
  );
}

function LiftsList({ actions }: LiftsPageProps) {
  const { t } = useTranslation('lifts');
  const organisationId = useSession(selectOrganisationId);
  const restricted = useSession(selectIsRestrictedUser);
  const [state, update] = useLiftListState();
  const [panelOpen, setPanelOpen] = useState(false);
  const mayCreate = useOrganisationPermission('lifts.manage');

  // Another organisation has other lifts: its list starts at the first page.
  const shownOrganisation = useRef(organisationId);
  useEffect(() => {
    if (shownOrganisation.current === organisationId) return;
    shownOrganisation.current = organisationId;
    update({ page: 0 }, { replace: true });
  }, [organisationId, update]);

  // Typing leaves an advanced search: the box and the panel never filter at the same time.
  const search = useCallback(
    (text: string) => update({ search: text, advanced: null, page: 0 }, { replace: true }),
    [update],
  );

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <LiftSearchBox value={state.search} onSearch={search} />
        <Button variant="outlined" aria-expanded={panelOpen} onClick={() => setPanelOpen((open) => !open)}>
          {t('advanced.open')}
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { sm: 'auto' } }}>
          {mayCreate ? (
            <Button component={RouterLink} to={paths.liftNew} variant="contained" sx={{ minHeight: 44 }}>
              {t('manage.newLift')}
            </Button>
          ) : null}
          {actions?.({ ...state, organisationId })}
        </Box>
      </Box>
      {panelOpen ? (
        <AdvancedSearchPanel
          initial={state.advanced}
          restricted={restricted}
          onCancel={() => setPanelOpen(false)}
          onSearch={(criteria) => {
            update({ advanced: criteria, search: '', page: 0 });
            setPanelOpen(false);
          }}
        />
      ) : null}
      {state.advanced !== null ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
          <Chip
            color="primary"
            variant="outlined"
            label={t('advanced.active', { count: criteriaCount(state.advanced) })}
          />
          {criteriaCount(state.advanced) === 0 ? (
            <Typography variant="body2">{t('advanced.noCriteria')}</Typography>
          ) : null}
          <Button size="small" onClick={() => setPanelOpen(true)}>
            {t('advanced.edit')}
          </Button>
          <Button size="small" onClick={() => update({ advanced: null, page: 0 })}>
            {t('advanced.stop')}
          </Button>
        </Box>
      ) : null}
      {organisationId === null ? (
        // The scope of the dashboard and every list: one organisation, never all at once.
        <Typography role="status" sx={{ py: 3 }}>
          {t('list.noOrganisation')}
        </Typography>
      ) : (
        <LiftResults state={state} organisationId={organisationId} update={update} />
      )}
    </>
  );
}
