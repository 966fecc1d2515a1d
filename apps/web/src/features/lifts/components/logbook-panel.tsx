import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logbookQueryOptions } from '../api/get-logbook.ts';
import { DetailSection } from './detail-section.tsx';
import { LogbookTable } from './logbook-table.tsx';
import { QueryState } from './query-state.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-paging.ts';

const rowsPerPageOptions = [10, 25, 50];

/** The lift's logbook, newest first. */
export function LogbookPanel({ liftId }: { liftId: number }) {
  const { t } = useTranslation('lifts');
  const paging = usePaging(10);
  const query = useQuery(logbookQueryOptions(liftId, paging.rows, paging.offset));

  return (
    <DetailSection title={t('logbook.title')}>
      <QueryState query={query}>
        {(data) => (
          <PagedTable
            total={data.total}
            emptyText={t('logbook.empty')}
            paging={paging}
            rowsPerPageOptions={rowsPerPageOptions}
          >
            <LogbookTable entries={data.items} label={t('logbook.tableLabel')} />
          </PagedTable>
        )}
      </QueryState>
    </DetailSection>
  );
}
