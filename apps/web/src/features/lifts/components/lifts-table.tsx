import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import type { Lift, LiftSort, LiftSortDirection } from '@liftwacht/contracts/lifts';
import { SortableHeaderCell } from '../../../components/sortable-header-cell.tsx';
import { paths } from '../../../app/paths.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { nonBlank } from '../../../lib/non-blank.ts';
import { DecommissionedChip } from './decommissioned-chip.tsx';
import { LiftStatusChips } from './lift-status-chips.tsx';

interface LiftsTableProps {
  lifts: readonly Lift[];
  /** Current statuses per lift id; undefined when they are not shown (no organisation, no access). */
  statuses: ReadonlyMap<number, readonly LiftStatus[]> | undefined;
  sort: LiftSort;
  direction: LiftSortDirection;
  onSort: (sort: LiftSort) => void;
}

type Column = 'id' | 'name' | 'address' | 'postalCode' | 'city' | 'buildingName' | 'esNumber' | 'updatedAt';
const columns: readonly Column[] = [
  'id',
  'name',
  'address',
  'postalCode',
  'city',
  'buildingName',
  'esNumber',
  'updatedAt',
];

export function LiftsTable({ lifts, statuses, sort, direction, onSort }: LiftsTableProps) {
  const { t, i18n } = useTranslation('lifts');
  const navigate = useNavigate();
  const notSet = t('details.notSet');

  const cell = (lift: Lift, column: Column) => {
    switch (column) {
      case 'id':
        return lift.id;
      case 'name':
        return (
          <>
            <Link component={RouterLink} to={paths.lift(lift.id)} onClick={(event) => event.stopPropagation()}>
              {nonBlank(lift.details.liftname) ?? t('header.fallbackName')}
            </Link>
            {lift.decommissionedOn !== null ? (
              <Box sx={{ mt: 0.5 }}>
                <DecommissionedChip since={lift.decommissionedOn} />
              </Box>
            ) : null}
          </>
        );
      case 'address':
      case 'postalCode':
      case 'city':
      case 'buildingName':
        return nonBlank(lift.details[column]) ?? notSet;
      case 'esNumber':
        return lift.module?.esNumber ?? notSet;
      case 'updatedAt':
        return formatDateTime(lift.details.updatedAt, i18n.language);
    }
  };

  return (
    <Table size="small" aria-label={t('list.tableLabel')}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <SortableHeaderCell key={column} field={column} sort={sort} direction={direction} onSort={onSort}>
              {t(`columns.${column}`)}
            </SortableHeaderCell>
          ))}
          {statuses ? <TableCell>{t('columns.statuses')}</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {lifts.map((lift) => (
          // The whole row opens the lift for mouse users; the name link does it for keyboards.
          <TableRow key={lift.id} hover onClick={() => void navigate(paths.lift(lift.id))} sx={{ cursor: 'pointer' }}>
            {columns.map((column) => (
              <TableCell key={column}>{cell(lift, column)}</TableCell>
            ))}
            {statuses ? (
              <TableCell>
                <LiftStatusChips statuses={statuses.get(lift.id) ?? []} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
