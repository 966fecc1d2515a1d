import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { auditDiff } from '../lib/audit-diff.ts';

interface AuditDiffTableProps {
  id: number;
  before: unknown;
  after: unknown;
}

/** What an entry changed, field by field: before and after side by side. */
export function AuditDiffTable({ id, before, after }: AuditDiffTableProps) {
  const { t } = useTranslation('administration');
  const rows = auditDiff(before, after);
  if (rows.length === 0) return <Typography variant="body2">{t('audit.noChanges')}</Typography>;
  const shown = (value: string | null) =>
    value ?? (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('audit.emptyValue')}
      </Typography>
    );
  return (
    <Table size="small" aria-label={t('audit.detailsLabel', { id })}>
      <TableHead>
        <TableRow>
          <TableCell>{t('audit.field')}</TableCell>
          <TableCell>{t('audit.before')}</TableCell>
          <TableCell>{t('audit.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field}>
            <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
              {row.field || '—'}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{shown(row.before)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{shown(row.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
