import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@liftwacht/contracts/administration';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { useAuditSubjectLabel } from '../hooks/use-audit-subject-label.ts';
import { AuditDiffTable } from './audit-diff-table.tsx';

const columnCount = 6;

/** One entry, and below it (once opened) what it changed. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('administration');
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const subject = useAuditSubjectLabel()(entry);
  return (
    <>
      <TableRow sx={open ? { '& > td, & > th': { borderBottom: 'none' } } : undefined}>
        <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTimeWithSeconds(entry.at, i18n.language)}
        </TableCell>
        <TableCell>{entry.username ?? t('audit.system')}</TableCell>
        <TableCell>{entry.organisationName ?? '—'}</TableCell>
        <TableCell>{t(`audit.actions.${entry.action}`)}</TableCell>
        <TableCell>{subject}</TableCell>
        <TableCell>
          <Button size="small" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((was) => !was)}>
            {open ? t('audit.hideDetails') : t('audit.showDetails')}
          </Button>
        </TableCell>
      </TableRow>
      {open ? (
        <TableRow id={detailsId}>
          <TableCell colSpan={columnCount} sx={{ bgcolor: 'action.hover' }}>
            <Box sx={{ maxWidth: 900 }}>
              <AuditDiffTable id={entry.id} before={entry.before} after={entry.after} />
              {entry.ip ? (
                <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
                  {t('audit.ip', { ip: entry.ip })}
                </Typography>
              ) : null}
            </Box>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
