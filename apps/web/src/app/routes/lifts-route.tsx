import { LiftSpreadsheetActions } from '../../features/lift-spreadsheets/components/lift-spreadsheet-actions.tsx';
import { LiftsPage, type LiftListView } from '../../features/lifts/components/lifts-page.tsx';

/** Features never import each other: the route puts the spreadsheet actions on the lifts list. */
export function LiftsRoute() {
  return <LiftsPage actions={spreadsheetActions} />;
}

function spreadsheetActions(view: LiftListView) {
  return (
    <LiftSpreadsheetActions
      list={{
        organisationId: view.organisationId,
        search: view.search,
        criteria: view.advanced,
        sort: view.sort,
        direction: view.direction,
      }}
    />
  );
}
