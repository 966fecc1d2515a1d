import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logbookQueryOptions } from '../api/get-logbook.ts';
import { DetailSection } from './detail-section.tsx';
import { LogbookTable } from './logbook-table.tsx';
import { QueryState } from './query-state.tsx';
import { TablePager } from '../../../components/table-pager.tsx';

const rowsPerPageOptions = [10, 25, 50];

/** The lift's logbook, newest first. */
export function LogbookPanel({ liftId }: { liftId: number }) {
  const { t } = useTranslation('lifts');
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(10);
  const query = useQuery(logbookQueryOptions(liftId, rows, page * rows));

  return (
    <DetailSection title={t('logbook.title')}>
      <QueryState query={query}>
        {(data) =>
          data.total === 0 ? (
            <Typography variant="body2">{t('logbook.empty')}</Typography>
          ) : (
            <>
              <TableContainer>
                <LogbookTable entries={data.items} label={t('logbook.tableLabel')} />
              </TableContainer>
              <TablePager
                total={data.total}
                page={page}
                rows={rows}
                rowsPerPageOptions={rowsPerPageOptions}
                onPage={setPage}
                onRows={(next) => {
                  setRows(next);
                  setPage(0);
                }}
              />
            </>
          )
        }
      </QueryState>
    </DetailSection>
  );
}
