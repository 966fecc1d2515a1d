import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogbookEntry } from '@liftwacht/contracts/lifts';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { exportLiftHistory } from '../api/export-lift-history.ts';
import { logbookQueryOptions } from '../api/get-logbook.ts';
import { DetailSection } from './detail-section.tsx';
import { LogbookTable } from './logbook-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { LogbookEntryDialog } from './logbook-entry-dialog.tsx';

const rowsPerPageOptions = [10, 25, 50];

/** The lift's logbook, newest first; a new line, and correcting one's own for 24 hours. */
export function LogbookPanel({ liftId }: { liftId: number }) {
  const { t } = useTranslation('lifts');
  const paging = usePaging(10);
  const query = useQuery(logbookQueryOptions(liftId, paging.rows, paging.offset));
  const canWrite = usePermission('logbook.write');
  const userId = useSession((state) => state.user?.id);
  // null: closed; 'new': a new line; an entry: its correction.
  const [editing, setEditing] = useState<LogbookEntry | 'new' | null>(null);
  const correctable = (entry: LogbookEntry) =>
    canWrite &&
    entry.authorId !== undefined &&
    entry.authorId === userId &&
    entry.correctableUntil !== undefined &&
    Date.parse(entry.correctableUntil) > Date.now();

  return (
    <DetailSection
      title={t('logbook.title')}
      aside={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <ExportMenu
            label={t('logbook.export')}
            onExport={(format, language) => exportLiftHistory(liftId, 'logbook', format, language)}
          />
          {canWrite ? (
            <Button variant="contained" onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
              {t('logbook.add')}
            </Button>
          ) : null}
        </Box>
      }
    >
      <QueryState query={query}>
        {(data) => (
          <PagedTable
            total={data.total}
            label={t('logbook.tableLabel')}
            emptyText={t('logbook.empty')}
            paging={paging}
            rowsPerPageOptions={rowsPerPageOptions}
          >
            <LogbookTable
              entries={data.items}
              label={t('logbook.tableLabel')}
              onEdit={canWrite ? (entry) => setEditing(entry) : undefined}
              editable={correctable}
            />
          </PagedTable>
        )}
      </QueryState>
      {editing ? (
        <LogbookEntryDialog
          liftId={liftId}
          entry={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </DetailSection>
  );
}
