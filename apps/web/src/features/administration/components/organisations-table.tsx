import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { AdminOrganisation } from '@liftwacht/contracts/administration';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import type { SortDirection } from '../../../lib/list-params.ts';
import type { OrganisationSort } from '../lib/organisation-list-params.ts';

interface OrganisationsTableProps {
  organisations: readonly AdminOrganisation[];
  sort: OrganisationSort;
  direction: SortDirection;
  onSort: (field: OrganisationSort) => void;
  onEdit: (organisation: AdminOrganisation) => void;
}

export function OrganisationsTable({ organisations, sort, direction, onSort, onEdit }: OrganisationsTableProps) {
  const { t, i18n } = useTranslation('administration');
  const header = { sort, direction, onSort };
  return (
    <Table size="small" aria-label={t('organisations.tableLabel')}>
      <TableHead>
        <TableRow>
          <SortableHeaderCell field="name" {...header}>
            {t('organisations.columns.name')}
          </SortableHeaderCell>
          <SortableHeaderCell field="type" {...header}>
            {t('organisations.columns.type')}
          </SortableHeaderCell>
          <TableCell align="right">{t('organisations.columns.userCount')}</TableCell>
          <SortableHeaderCell field="createdAt" {...header}>
            {t('organisations.columns.createdAt')}
          </SortableHeaderCell>
          <TableCell>{t('organisations.columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {organisations.map((organisation) => (
          <TableRow key={organisation.id}>
            <TableCell component="th" scope="row">
              {organisation.name}
            </TableCell>
            <TableCell>{t(`organisationTypes.${organisation.type}`)}</TableCell>
            <TableCell align="right">{organisation.userCount}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(organisation.createdAt, i18n.language)}</TableCell>
            <TableCell>
              <Button
                size="small"
                aria-label={t('organisations.editLabel', { name: organisation.name })}
                onClick={() => onEdit(organisation)}
              >
                {t('organisations.edit')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
