import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { locales } from '@liftwacht/contracts/auth';
import { changeLocale, isLocale, toLocale } from '../lib/i18n.ts';

const languageLabelKeys = {
  nl: 'language.nl',
  'en-GB': 'language.en-GB',
  'en-US': 'language.en-US',
} as const;

/** A native select: light enough for the login page and fully keyboard/screen-reader friendly. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('language.label')}
      value={toLocale(i18n.language)}
      onChange={(event) => {
        if (isLocale(event.target.value)) changeLocale(event.target.value);
      }}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 160 }}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale}>
          {t(languageLabelKeys[locale])}
        </option>
      ))}
    </TextField>
  );
}
