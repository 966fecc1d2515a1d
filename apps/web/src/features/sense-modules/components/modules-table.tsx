import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SenseModule } from '@liftwacht/contracts/sense-modules';
import { modulePaths } from '../../../app/module-paths.ts';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import type { SortDirection } from '../../../lib/list-params.ts';
import { useOrganisationName } from '../hooks/use-organisation-name.ts';
import type { ModuleSort } from '../lib/module-list-params.ts';
import { ConnectedChip } from './connected-chip.tsx';
import { LastSeen } from './last-seen.tsx';
import { ModuleLiftLink } from './module-lift-link.tsx';

interface ModulesTableProps {
  modules: readonly SenseModule[];
  /** The organisation column: only for a system-admin, who sees every organisation's modules. */
  showOrganisation: boolean;
  sort: ModuleSort;
  direction: SortDirection;
  onSort: (field: ModuleSort) => void;
}

export function ModulesTable({ modules, showOrganisation, sort, direction, onSort }: ModulesTableProps) {
  const { t, i18n } = useTranslation('sense-modules');
  const organisationName = useOrganisationName();
  const header = { sort, direction, onSort };
  return (
    <Table size="small" aria-label={t('list.tableLabel')}>
      <TableHead>
        <TableRow>
          <SortableHeaderCell field="esNumber" {...header}>
            {t('list.columns.esNumber')}
          </SortableHeaderCell>
          <TableCell>{t('list.columns.lift')}</TableCell>
          {showOrganisation ? <TableCell>{t('list.columns.organisation')}</TableCell> : null}
          <TableCell>{t('list.columns.firmware')}</TableCell>
          <SortableHeaderCell field="lastSeenAt" {...header}>
            {t('list.columns.lastSeenAt')}
          </SortableHeaderCell>
          <TableCell>{t('list.columns.connected')}</TableCell>
          <SortableHeaderCell field="createdAt" {...header}>
            {t('list.columns.createdAt')}
          </SortableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {modules.map((module) => (
          <TableRow key={module.id}>
            <TableCell component="th" scope="row">
              <Link component={RouterLink} to={modulePaths.module(module.id)}>
                {module.esNumber}
              </Link>
            </TableCell>
            <TableCell>{module.lift ? <ModuleLiftLink lift={module.lift} /> : t('list.noLift')}</TableCell>
            {showOrganisation ? <TableCell>{organisationName(module.organisationId)}</TableCell> : null}
            <TableCell>{module.firmware ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <LastSeen at={module.lastSeenAt} />
            </TableCell>
            <TableCell>
              <ConnectedChip connected={module.connected} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(module.createdAt, i18n.language)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
