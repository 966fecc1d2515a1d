import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { liftExportRequestSchema, SpreadsheetFormat } from '@liftwacht/contracts/lift-spreadsheets';
import type { liftSearchCriteriaSchema, LiftSort, LiftSortDirection } from '@liftwacht/contracts/lifts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { log } from '../../../lib/log.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { exportLifts } from '../api/export-lifts.ts';

// The contract's formats, spelled out: importing its list would put the whole spreadsheet contract
// in a chunk of its own that the entry lists for preloading (login route size budget).
const formats = ['csv', 'xlsx'] as const satisfies readonly SpreadsheetFormat[];

/** What the lifts list shows: the export covers exactly that, every page of it. */
export interface ExportedList {
  organisationId: number | null;
  search: string;
  /** The advanced search's criteria; null when the free-text search is used. */
  criteria: z.input<typeof liftSearchCriteriaSchema> | null;
  sort: LiftSort;
  direction: LiftSortDirection;
}

export function exportRequest(
  list: ExportedList,
  format: SpreadsheetFormat,
  language: string,
): z.input<typeof liftExportRequestSchema> {
  const search = list.search.trim();
  return {
    format,
    language: toLocale(language),
    organisationId: list.organisationId ?? undefined,
    // The list uses either the search box or the advanced criteria, never both.
    search: list.criteria === null && search !== '' ? search : undefined,
    criteria: list.criteria ?? undefined,
    sort: list.sort,
    direction: list.direction,
  };
}

/** "Exporteren" → CSV or Excel: the list as a file; the button waits while the file downloads. */
export function LiftExportMenu({ list }: { list: ExportedList }) {
  const { t, i18n } = useTranslation('lift-spreadsheets');
  const { t: tc } = useTranslation();
  const menuId = useId();
  // The menu opens under the button that was clicked; null while closed.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const download = useAsyncAction(async (format: SpreadsheetFormat) => {
    try {
      const fileName = await exportLifts(exportRequest(list, format, i18n.language));
      toast.success(t('export.done', { fileName }));
    } catch (error) {
      log.warn('lift export failed', error);
      toast.error(t('export.failed', { message: apiErrorMessage(error, tc) }));
      throw error;
    }
  });

  const choose = (format: SpreadsheetFormat) => {
    setAnchor(null);
    void download.run(format);
  };

  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
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
