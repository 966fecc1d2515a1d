import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { spreadsheetFormats, type SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import { FormError } from '../../../components/form-error.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { downloadTemplate } from '../api/download-template.ts';

/** The import template in the user's language, as Excel or CSV. */
export function TemplateDownloads() {
  const { t, i18n } = useTranslation('lift-spreadsheets');
  const { t: tc } = useTranslation();
  const titleId = useId();
  const download = useAsyncAction((format: SpreadsheetFormat) =>
    downloadTemplate({ format, language: toLocale(i18n.language) }),
  );
  // Excel first: most people open it by double-click; CSV for those who work with text.
  const formats = [...spreadsheetFormats].reverse();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('import.template.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('import.template.text')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {formats.map((format) => (
          <Button
            key={format}
            variant="outlined"
            disabled={download.isPending}
            onClick={() => void download.run(format)}
            sx={{ minHeight: 44 }}
          >
            {t(`import.template.${format}`)}
          </Button>
        ))}
      </Box>
      <FormError
        message={download.error ? t('import.template.failed', { message: apiErrorMessage(download.error, tc) }) : null}
      />
    </Box>
  );
}
