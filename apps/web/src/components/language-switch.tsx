import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, isLocale, locales, toLocale } from '../lib/i18n.ts';

const languageLabelKeys = {
  nl: 'language.nl',
  'en-GB': 'language.en-GB',
  'en-US': 'language.en-US',
} as const;

/** A plain native select: tiny on the login page and fully keyboard/screen-reader friendly. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography component="label" htmlFor={id} variant="body2">
        {t('language.label')}
      </Typography>
      <Box
        component="select"
        id={id}
        value={toLocale(i18n.language)}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
        }}
        sx={{
          font: 'inherit',
          fontSize: '0.875rem',
          py: 0.5,
          px: 1,
          border: 1,
          borderColor: 'grey.500',
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(languageLabelKeys[locale])}
          </option>
        ))}
      </Box>
    </Box>
  );
}
