import Typography from '@mui/material/Typography';
import type { SessionState } from '../lib/session/session-store.ts';
import { useSession } from '../lib/session/use-session.ts';
import { selectSeesEveryOrganisation } from '../lib/use-organisation-permission.ts';
import { SelectField } from './select-field.tsx';

interface OrganisationChoiceProps {
  value: number | null;
  onChange: (organisationId: number | null) => void;
  error: string | undefined;
  label: string;
  emptyLabel: string;
  /** The sentence that names the user's own organisation, for everyone but system-admin. */
  ownText: (name: string) => string;
}

const selectOrganisations = (state: SessionState) => state.organisationList;
const selectOwnName = (state: SessionState) => state.userOrganisation?.name ?? '';

/**
 * The organisation something new goes into: a system-admin picks any one (the organisation
 * picker's list, which holds every one for it); anyone else only adds to its own, so it is told
 * rather than asked.
 */
export function OrganisationChoice({ value, onChange, error, label, emptyLabel, ownText }: OrganisationChoiceProps) {
  const everyOrganisation = useSession(selectSeesEveryOrganisation);
  const organisations = useSession(selectOrganisations);
  const ownName = useSession(selectOwnName);
  if (!everyOrganisation) return <Typography>{ownText(ownName)}</Typography>;
  return (
    <SelectField
      label={label}
      name="organisationId"
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
      emptyLabel={emptyLabel}
      options={organisations.map((organisation) => ({ value: String(organisation.id), label: organisation.name }))}
      error={error !== undefined}
      helperText={error}
      fullWidth
      size="medium"
    />
  );
}
