import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@liftwacht/contracts/administration';
import { AuditEntryRow } from './audit-entry-row.tsx';

export function AuditLogTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation('administration');
  return (
    <Table size="small" aria-label={t('audit.tableLabel')}>
      <TableHead>
        <TableRow>
          <TableCell sortDirection="desc">{t('audit.columns.at')}</TableCell>
          <TableCell>{t('audit.columns.user')}</TableCell>
          <TableCell>{t('audit.columns.organisation')}</TableCell>
          <TableCell>{t('audit.columns.action')}</TableCell>
          <TableCell>{t('audit.columns.subject')}</TableCell>
          <TableCell>{t('audit.columns.details')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <AuditEntryRow key={entry.id} entry={entry} />
        ))}
      </TableBody>
    </Table>
  );
}
