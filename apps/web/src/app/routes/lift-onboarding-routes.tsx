// The lift form and the spreadsheet import as thin routes in one module, so they load as one
// chunk: pages only administrators open, kept off the login route.
import { useParams } from 'react-router';
import { LiftImportPage } from '../../features/lift-spreadsheets/components/lift-import-page.tsx';
import { EditLiftPage, NewLiftPage } from '../../features/lifts/components/lift-form-page.tsx';

export function NewLiftRoute() {
  return <NewLiftPage />;
}

export function EditLiftRoute() {
  const { liftId = '' } = useParams();
  return <EditLiftPage key={liftId} liftId={liftId} />;
}

export function LiftImportRoute() {
  return <LiftImportPage />;
}
