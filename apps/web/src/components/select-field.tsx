import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The first option's text for "no choice" (value ''); leave out when a choice is required. */
  emptyLabel?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  fullWidth?: boolean;
  name?: string;
}

/**
 * A native select: the phone's own picker on small screens, a plain labelled combobox for screen
 * readers, and no popover to load.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  emptyLabel,
  error,
  helperText,
  ...rest
}: SelectFieldProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText}
      sx={rest.fullWidth ? undefined : { minWidth: { xs: '100%', sm: 200 } }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      {...rest}
    >
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
