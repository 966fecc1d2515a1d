import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { moduleLiftSearchQueryOptions } from '../api/search-module-lifts.ts';
import { liftOption, liftOptionLabel, type LiftOption } from '../lib/lift-option.ts';

interface ModuleLiftFieldProps {
  label: string;
  value: LiftOption | null;
  onChange: (lift: LiftOption | null) => void;
  helperText?: string;
  error?: boolean;
  autoFocus?: boolean;
}

/** Picks the one lift a module goes into; lifts holding a module are shown but cannot be chosen. */
export function ModuleLiftField({ label, value, onChange, helperText, error, autoFocus }: ModuleLiftFieldProps) {
  const { t } = useTranslation('sense-modules');
  const [input, setInput] = useState('');
  // Typing into the box after a choice shows the choice's label; that is no new search.
  const search = useDebouncedValue(value !== null && input === liftOptionLabel(value) ? '' : input);
  const { data = [], isFetching } = useQuery(moduleLiftSearchQueryOptions(search));
  const options = data.map(liftOption);

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, lift) => onChange(lift)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      // The server already filtered on the search text.
      filterOptions={(all) => all}
      getOptionLabel={liftOptionLabel}
      getOptionKey={(lift) => lift.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={(lift) => lift.esNumber !== null}
      renderOption={({ key, ...props }, lift) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <span>{lift.name}</span>
          <Box component="span" sx={{ typography: 'body2', color: 'text.secondary' }}>
            {lift.esNumber === null
              ? lift.address
              : `${lift.address} · ${t('liftPicker.hasModule', { esNumber: lift.esNumber })}`}
          </Box>
        </Box>
      )}
      loading={isFetching}
      loadingText={t('liftPicker.loading')}
      noOptionsText={t('liftPicker.noOptions')}
      renderInput={(params) => (
        <TextField {...params} label={label} helperText={helperText} error={error} autoFocus={autoFocus} />
      )}
    />
  );
}
