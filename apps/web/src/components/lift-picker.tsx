import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxQueryIds } from '@liftwacht/contracts/calls';
import { liftSearchQueryOptions } from '../lib/lift-picker-search.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** A lift as a picker shows it: enough to label a chip without fetching the lift again. */
export interface LiftChoice {
  id: number;
  name: string;
}

interface LiftPickerProps {
  /** null searches every lift the user may access (a subscription is not tied to one organisation). */
  organisationId: number | null;
  label: string;
  value: LiftChoice[];
  onChange: (lifts: LiftChoice[]) => void;
}

/** Picks lifts by searching the lift list as the user types (event and call filters, subscriptions). */
export function LiftPicker({ organisationId, label, value, onChange }: LiftPickerProps) {
  const { t } = useTranslation('common');
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input);
  const { data = [], isFetching } = useQuery(liftSearchQueryOptions(organisationId, search));
  const options: LiftChoice[] = data.map((lift) => ({
    id: lift.id,
    name: lift.details.liftname ?? lift.details.address ?? `#${lift.id}`,
  }));

  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      onChange={(_event, lifts) => onChange(lifts)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      // The server already filtered on the search text.
      filterOptions={(all) => all}
      getOptionLabel={(lift) => lift.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // Lift filters and subscriptions take at most 1,000 lifts; more would be refused (400).
      getOptionDisabled={(lift) => value.length >= maxQueryIds && !value.some((chosen) => chosen.id === lift.id)}
      getOptionKey={(lift) => lift.id}
      loading={isFetching}
      loadingText={t('liftPicker.loading')}
      noOptionsText={t('liftPicker.noOptions')}
      renderInput={(params) => <TextField {...params} label={label} placeholder={t('liftPicker.placeholder')} />}
    />
  );
}
