import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { locales, type Locale } from '@liftwacht/contracts/auth';
import { isLocale } from '../../../lib/i18n.ts';

interface LocaleSelectProps {
  label: string;
  name: string;
  value: Locale;
  onChange: (locale: Locale) => void;
}

/** A form's language field: a native select, like the language switch, with its label above it. */
export function LocaleSelect({ label, name, value, onChange }: LocaleSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Box
        component="select"
        id={id}
        name={name}
        value={value}
        onChange={(event) => {
          if (isLocale(event.target.value)) onChange(event.target.value);
        }}
        sx={{
          font: 'inherit',
          py: 1,
          px: 1,
          border: 1,
          borderColor: 'grey.400',
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </Box>
    </Box>
  );
}
