import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Locale } from '@liftwacht/contracts/auth';
import { apiErrorMessage } from '../lib/api-error-message.ts';
import { toLocale } from '../lib/i18n.ts';
import { log } from '../lib/log.ts';
import { useAsyncAction } from '../lib/use-async-action.ts';

// The contract's formats, spelled out (a type-only import keeps the contract out of the chunk).
const formats = ['csv', 'xlsx'] as const;
export type ExportFileFormat = (typeof formats)[number];

interface ExportMenuProps {
  /** Downloads the list as shown, in the format and language; answers the saved file's name. */
  onExport: (format: ExportFileFormat, language: Locale) => Promise<string>;
  /** The button's name where a page has more than one export (it should contain "Exporteren"). */
  label?: string;
}

/** "Exporteren" → CSV or Excel: a list page as a file; the button waits while the file downloads. */
export function ExportMenu({ onExport, label }: ExportMenuProps) {
  const { t, i18n } = useTranslation();
  const menuId = useId();
  // The menu opens under the button that was clicked; null while closed.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const download = useAsyncAction(async (format: ExportFileFormat) => {
    try {
      const fileName = await onExport(format, toLocale(i18n.language));
      toast.success(t('export.done', { fileName }));
    } catch (error) {
      log.warn('export failed', error);
      toast.error(t('export.failed', { message: apiErrorMessage(error, t) }));
      throw error;
    }
  });

  const choose = (format: ExportFileFormat) => {
    setAnchor(null);
    void download.run(format);
  };

  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={download.isPending}
        startIcon={download.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44 }}
      >
        {download.isPending ? t('export.busy') : t('export.button')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('export.menuLabel') } }}
      >
        {formats.map((format) => (
          <MenuItem key={format} onClick={() => choose(format)} sx={{ minHeight: 44 }}>
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
