import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface TextInputProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * A text field with its label above it (always visible, as NL Design System forms do). Built from
 * OutlinedInput because MUI's TextField would also load Select, Menu and Popover (≈15 kB gzip)
 * on the login page, which needs none of them.
 */
export function TextInput({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  error,
  helperText,
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        error={error}
        fullWidth
        size="small"
        aria-invalid={error ? true : undefined}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText ? (
        <Typography id={helperId} variant="caption" color={error ? 'error' : 'text.secondary'}>
          {helperText}
        </Typography>
      ) : null}
    </Box>
  );
}
