import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import type { PickableOrganisation } from '@liftwacht/contracts/organisations';
import { paths, routePatterns } from '../../../app/paths.ts';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/** "Kies een organisatie" (spec §2); a searchable list because maintenance companies serve many. */
export function OrganisationPicker() {
  const { t } = useTranslation('organisations');
  const organisations = useSession((state) => state.organisationList);
  const organisationId = useSession((state) => state.organisationId);
  // Also below the lift, such as its visit pages.
  const onLiftPage = useMatch({ path: routePatterns.lift, end: false }) !== null;
  const navigate = useNavigate();
  const value = organisations.find((organisation) => organisation.id === organisationId) ?? null;

  return (
    <Autocomplete
      options={organisations}
      value={value}
      getOptionLabel={(organisation) => organisation.name}
      getOptionKey={(organisation) => organisation.id}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      // One organisation is always chosen: the dashboard, the lists and the reports share it.
      disableClearable={value !== null}
      onChange={(_event, organisation: PickableOrganisation | null) => {
        if (organisation === null) return;
        sessionActions.pickOrganisation(organisation.id);
        // A lift belongs to one organisation: leaving it for the list avoids showing a lift of
        // the previous organisation under the new one (spec §2).
        if (onLiftPage) void navigate(paths.lifts);
      }}
      noOptionsText={t('picker.noOptions')}
      clearText={t('picker.clear')}
      openText={t('picker.open')}
      closeText={t('picker.close')}
      size="small"
      renderInput={(params) => <TextField {...params} label={t('picker.label')} />}
    />
  );
}
