import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { UnregisteredModule } from '@liftwacht/contracts/sense-modules';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { LastSeen } from './last-seen.tsx';

interface UnregisteredModulesTableProps {
  modules: readonly UnregisteredModule[];
  onRegister: (esNumber: string) => void;
}

export function UnregisteredModulesTable({ modules, onRegister }: UnregisteredModulesTableProps) {
  const { t, i18n } = useTranslation('sense-modules');
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Table size="small" aria-label={t('unregistered.tableLabel')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('unregistered.columns.esNumber')}</TableCell>
          <TableCell>{t('unregistered.columns.firstSeenAt')}</TableCell>
          <TableCell>{t('unregistered.columns.lastSeenAt')}</TableCell>
          <TableCell align="right">{t('unregistered.columns.messages')}</TableCell>
          <TableCell>{t('unregistered.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {modules.map((module) => (
          <TableRow key={module.esNumber}>
            <TableCell component="th" scope="row">
              {module.esNumber}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(module.firstSeenAt, i18n.language)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <LastSeen at={module.lastSeenAt} />
            </TableCell>
            <TableCell align="right">{count.format(module.messages)}</TableCell>
            <TableCell>
              <Button
                size="small"
                aria-label={t('unregistered.registerLabel', { esNumber: module.esNumber })}
                onClick={() => onRegister(module.esNumber)}
              >
                {t('unregistered.register')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
