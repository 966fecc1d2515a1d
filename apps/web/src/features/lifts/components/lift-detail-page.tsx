import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lift } from '@liftwacht/contracts/lifts';
import { paths } from '../../../app/paths.ts';
import { ComponentBoundary } from '../../../components/component-boundary.tsx';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { nonBlank } from '../../../lib/non-blank.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { useLiftRealtime } from '../../../lib/realtime/hooks/use-lift-realtime.ts';
import { liftQueryOptions } from '../api/get-lift.ts';
import { senseDataQueryOptions } from '../api/get-sense-data.ts';
import { mergeReadings } from '../lib/sense-values.ts';
import { useOnSite } from '../hooks/use-on-site.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import { CurrentStatusesPanel } from './current-statuses-panel.tsx';
import { EnergyUsagePanel } from './energy-usage-panel.tsx';
import { DecommissionedChip } from './decommissioned-chip.tsx';
import { LiftDetailsPanel } from './lift-details-panel.tsx';
import { LiftManageActions } from './lift-manage-actions.tsx';
import { LiftHistory } from './lift-history.tsx';
import { OnSiteRecentPanel, OnSiteSummaryPanel } from './on-site-panels.tsx';
import { RealtimeAlertsPanel, type RealtimeAlert, type RealtimeConnection } from './realtime-alerts-panel.tsx';
import { SenseDataPanel } from './sense-data-panel.tsx';
import { ServiceCounterCharts } from './service-counter-charts.tsx';
import { VisitRecorder } from './visit-recorder.tsx';

interface LiftDetailPageProps {
  liftId: string;
  /**
   * The single-lift statistics with their period selector, put here by the route: they belong to
   * the dashboard and periods features, which this one does not import.
   */
  statistics?: (lift: Lift) => ReactNode;
  /** The lift's inspections (the inspections feature), likewise put here by the route. */
  inspections?: (lift: Lift) => ReactNode;
  /** More actions on the lift (its sticker), put here by the route for the same reason. */
  actions?: (lift: Lift) => ReactNode;
}

/** /lifts/{liftId}: everything about one lift (spec §2 lift detail). */
export function LiftDetailPage({ liftId, statistics, inspections, actions }: LiftDetailPageProps) {
  const { t } = useTranslation('lifts');
  const canView = usePermission('lifts.view');
  const canList = usePermission('lifts.list');
  const id = parseRouteId(liftId);

  return (
    <PageContainer>
      {canList ? (
        <Button component={RouterLink} to={paths.lifts} sx={{ mb: 1, ml: -1 }}>
          {t('detail.back')}
        </Button>
      ) : null}
      {!canView ? (
        <Message title={t('detail.title', { id: liftId })} text={t('detail.noAccess')} />
      ) : id === null ? (
        <Message title={t('detail.title', { id: liftId })} text={t('detail.invalidId')} />
      ) : (
        <LiftLoader liftId={liftId} statistics={statistics} inspections={inspections} actions={actions} />
      )}
    </PageContainer>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Typography role="status">{text}</Typography>
    </>
  );
}

function LiftLoader({ liftId, statistics, inspections, actions }: LiftDetailPageProps) {
  const { t } = useTranslation('lifts');
  // The same query as the header strip: one request for both.
  const query = useQuery(liftQueryOptions(liftId));
  if (query.data)
    return <LiftDetail lift={query.data} statistics={statistics} inspections={inspections} actions={actions} />;
  return (
    <>
      <PageTitle title={t('detail.title', { id: liftId })} />
      {/* Another organisation's lift answers 404 as well (DESIGN §5): one message for both. */}
      <EntityQueryState query={query} notFoundText={t('detail.notFound')}>
        {() => null}
      </EntityQueryState>
    </>
  );
}

function LiftDetail({ lift, statistics, inspections, actions }: { lift: Lift } & Omit<LiftDetailPageProps, 'liftId'>) {
  const { t } = useTranslation('lifts');
  const canSeeStats = usePermission('dashboard.view');
  const canRecordVisits = usePermission('visits.record');
  const esNumber = lift.module?.esNumber ?? null;
  const senseData = useQuery({ ...senseDataQueryOptions(lift.id), enabled: esNumber !== null });
  const onSite = useOnSite(lift);

  // ── Realtime wiring point ─────────────────────────────────────────────────────────────────────
  // The socket client (lib/realtime) feeds these three: its alerts, its connection state and
  // the live module readings, which are merged over the GET snapshot (later readings win).
  const live = useLiftRealtime(lift.id, esNumber ?? undefined);
  const alerts: readonly RealtimeAlert[] = live.alerts;
  const connection: RealtimeConnection = live.connection;
  const senseReadings = senseData.data ? mergeReadings(senseData.data.items, live.sensorReadings) : undefined;
  // ──────────────────────────────────────────────────────────────────────────────────────────────

  return (
    <>
      <PageTitle title={nonBlank(lift.details.liftname) ?? t('detail.title', { id: lift.id })} />
      {lift.decommissionedOn !== null ? (
        <Box sx={{ mb: 2 }}>
          <DecommissionedChip since={lift.decommissionedOn} size="medium" />
        </Box>
      ) : null}
      <LiftManageActions lift={lift} />
      {actions ? <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(lift)}</Box> : null}
      <Stack spacing={3}>
        {/* First on a phone: what is wrong with the lift, then what the monteur on site came to do. */}
        {onSite.shown ? (
          <ComponentBoundary>
            <OnSiteSummaryPanel query={onSite.query} />
          </ComponentBoundary>
        ) : null}
        {canRecordVisits && lift.decommissionedOn === null ? (
          <ComponentBoundary>
            <VisitRecorder liftId={lift.id} />
          </ComponentBoundary>
        ) : null}
        {onSite.shown ? (
          <ComponentBoundary>
            <OnSiteRecentPanel query={onSite.query} />
          </ComponentBoundary>
        ) : null}
        {canSeeStats && statistics ? <ComponentBoundary>{statistics(lift)}</ComponentBoundary> : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ComponentBoundary>
              <LiftDetailsPanel lift={lift} />
            </ComponentBoundary>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <ComponentBoundary>
                <CurrentStatusesPanel
                  liftId={lift.id}
                  organisationId={lift.organisationId}
                  hasModule={esNumber !== null}
                />
              </ComponentBoundary>
              <ComponentBoundary>
                <RealtimeAlertsPanel alerts={alerts} connection={connection} />
              </ComponentBoundary>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ComponentBoundary>
              <SenseDataPanel
                esNumber={esNumber}
                organisationId={lift.organisationId}
                readings={senseReadings}
                onRetry={senseData.isError ? () => void senseData.refetch() : undefined}
              />
            </ComponentBoundary>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ComponentBoundary>
              <EnergyUsagePanel liftId={lift.id} />
            </ComponentBoundary>
          </Grid>
        </Grid>
        <ComponentBoundary>
          <ServiceCounterCharts liftId={lift.id} />
        </ComponentBoundary>
        {inspections ? <ComponentBoundary>{inspections(lift)}</ComponentBoundary> : null}
        <ComponentBoundary>
          <LiftHistory liftId={lift.id} organisationId={lift.organisationId} />
        </ComponentBoundary>
      </Stack>
    </>
  );
}
