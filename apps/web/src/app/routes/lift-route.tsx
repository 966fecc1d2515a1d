import Stack from '@mui/material/Stack';
import { useLocation, useParams } from 'react-router';
import type { Lift } from '@liftwacht/contracts/lifts';
import { LiftStats } from '../../features/dashboard/components/lift-stats.tsx';
import { LiftInspectionsPanel } from '../../features/inspections/components/lift-inspections-panel.tsx';
import { PrintStickersButton } from '../../features/lift-stickers/components/print-stickers-button.tsx';
import { useStickerLock } from '../../features/lift-stickers/hooks/use-sticker-lock.ts';
import { LiftDetailPage } from '../../features/lifts/components/lift-detail-page.tsx';
import { PeriodSelector } from '../../features/periods/components/period-selector.tsx';

/**
 * Features never import each other: the route puts the single-lift statistics and the sticker
 * action on the lift page, and locks the session when the page was opened through a sticker.
 */
export function LiftRoute() {
  const { liftId = '' } = useParams();
  useStickerLock(useLocation().pathname);
  // Keyed by id so moving to another lift starts from a clean page (paging, live data).
  return (
    <LiftDetailPage
      key={liftId}
      liftId={liftId}
      statistics={liftStatistics}
      inspections={liftInspections}
      actions={liftActions}
    />
  );
}

function liftActions(lift: Lift) {
  return <PrintStickersButton selection={{ organisationId: lift.organisationId, liftIds: [lift.id] }} />;
}

/** Spec §2 single-lift variant: the figures follow the session's view and period, chosen right here. */
function liftStatistics(lift: Lift) {
  return (
    <Stack spacing={2}>
      <PeriodSelector />
      <LiftStats
        liftId={lift.id}
        organisationId={lift.organisationId}
        hasLiftType={lift.liftType !== null}
        hasFlow={lift.hasFlow}
      />
    </Stack>
  );
}

/** The lift's inspections and, for who may, the form that records one (issue 18). */
function liftInspections(lift: Lift) {
  return <LiftInspectionsPanel liftId={lift.id} organisationId={lift.organisationId} />;
}
