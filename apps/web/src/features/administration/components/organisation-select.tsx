import { useQuery } from '@tanstack/react-query';
import type { AdminOrganisation } from '@liftwacht/contracts/administration';
import { allOrganisationsQueryOptions } from '../api/get-admin-organisations.ts';
import { SelectField } from '../../../components/select-field.tsx';

interface OrganisationSelectProps {
  label: string;
  value: number | null;
  onChange: (organisationId: number | null) => void;
  /** The "no choice" option's text: every organisation in a filter, "choose" in a form. */
  emptyLabel: string;
  /** Only these organisations are offered (a grant's company must serve others). */
  include?: (organisation: AdminOrganisation) => boolean;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
}

/** Picks one of every organisation (system-admin), by name. */
export function OrganisationSelect({ value, onChange, include, ...props }: OrganisationSelectProps) {
  const query = useQuery(allOrganisationsQueryOptions());
  const organisations = (query.data ?? []).filter((organisation) => include?.(organisation) ?? true);
  return (
    <SelectField
      {...props}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
      options={organisations.map((organisation) => ({ value: String(organisation.id), label: organisation.name }))}
    />
  );
}
