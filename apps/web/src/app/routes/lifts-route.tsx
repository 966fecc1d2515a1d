import { LiftSpreadsheetActions } from '../../features/lift-spreadsheets/components/lift-spreadsheet-actions.tsx';
import { PrintStickersButton } from '../../features/lift-stickers/components/print-stickers-button.tsx';
import { LiftsPage, type LiftListView } from '../../features/lifts/components/lifts-page.tsx';

/** Features never import each other: the route puts the spreadsheet and sticker actions on the lifts list. */
export function LiftsRoute() {
  return <LiftsPage actions={listActions} />;
}

function listActions(view: LiftListView) {
  const list = {
    search: view.search,
    criteria: view.advanced,
    sort: view.sort,
    direction: view.direction,
  };
  // The list uses either the search box or the advanced criteria, never both.
  const search = view.advanced === null && view.search.trim() !== '' ? view.search.trim() : undefined;
  return (
    <>
      <LiftSpreadsheetActions list={{ ...list, organisationId: view.organisationId }} />
      <PrintStickersButton
        selection={
          view.organisationId === null
            ? null
            : { ...list, organisationId: view.organisationId, search, criteria: view.advanced ?? undefined }
        }
      />
    </>
  );
}
