import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { LiftStickersRequest } from '@liftwacht/contracts/lift-stickers';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { toLocale } from '../../../lib/i18n.ts';
import { log } from '../../../lib/log.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { useOrganisationPermission } from '../../../lib/use-organisation-permission.ts';
import { printStickers } from '../api/print-stickers.ts';

/** Which lifts get a sticker: the organisation's, narrowed like the list or to chosen lifts. */
export type StickerSelection = Omit<LiftStickersRequest, 'language' | 'organisationId'> & { organisationId: number };

/**
 * "Stickers printen": downloads the QR sticker sheet of the selection in the user's language. Only
 * for the administrators of the organisation itself and system-admin (the server answers 403 to
 * an admin reading the organisation through a grant).
 */
export function PrintStickersButton({ selection }: { selection: StickerSelection | null }) {
  const { t, i18n } = useTranslation('lift-stickers');
  const { t: tc } = useTranslation();
  const allowed = useOrganisationPermission('lifts.manage', selection?.organisationId ?? null);
  const print = useAsyncAction(async (chosen: StickerSelection) => {
    try {
      const fileName = await printStickers({ ...chosen, language: toLocale(i18n.language) });
      toast.success(t('print.done', { fileName }));
    } catch (error) {
      log.warn('printing lift stickers failed', error);
      toast.error(t('print.failed', { message: apiErrorMessage(error, tc) }));
      throw error;
    }
  });
  // Without an organisation there is nothing to print for (the list shows every organisation).
  if (!allowed || selection === null) return null;

  return (
    <Button
      variant="outlined"
      disabled={print.isPending}
      startIcon={print.isPending ? <CircularProgress size={16} aria-hidden /> : undefined}
      onClick={() => void print.run(selection)}
      sx={{ minHeight: 44 }}
    >
      {print.isPending ? t('print.busy') : t('print.button')}
    </Button>
  );
}
