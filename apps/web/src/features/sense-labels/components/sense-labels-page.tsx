import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SenseLabelItem, SenseLabels } from '@liftwacht/contracts/sense-labels';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { PermissionPage } from '../../../components/permission-page.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';
import { toLocale } from '../../../lib/i18n.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { senseLabelsQueryOptions } from '../api/sense-labels.ts';
import { ResetSenseLabelDialog } from './reset-sense-label-dialog.tsx';
import { SenseLabelDialog } from './sense-label-dialog.tsx';

// The organisation chosen in the menu; before any is chosen, the user's own.
const selectOrganisationId = (state: SessionState) => state.organisationId ?? state.user?.organisation_id ?? null;

/** /admin/sense-labels: the names and units of module readings for the organisation (issue 41). */
export function SenseLabelsPage() {
  const { t } = useTranslation('sense-labels');
  const organisationId = useSession(selectOrganisationId);
  return (
    <PermissionPage title={t('title')} permission="modules.manage" noAccess={t('noAccess')}>
      {organisationId === null ? (
        <Typography role="status">{t('noOrganisation')}</Typography>
      ) : (
        <SenseLabelsList organisationId={organisationId} />
      )}
    </PermissionPage>
  );
}

type Editing = { kind: 'edit'; item: SenseLabelItem | null } | { kind: 'reset'; item: SenseLabelItem } | null;

function SenseLabelsList({ organisationId }: { organisationId: number }) {
  const { t, i18n } = useTranslation('sense-labels');
  const query = useQuery(senseLabelsQueryOptions(organisationId, toLocale(i18n.language)));
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <EntityQueryState query={query} notFoundText={t('noAccess')}>
      {(labels) => (
        <>
          <Typography sx={{ mb: 2, maxWidth: '70ch' }}>
            {t('intro', { organisation: labels.organisationName })}
          </Typography>
          {labels.editable ? (
            <ListToolbar>
              <Button
                variant="contained"
                sx={{ minHeight: 44 }}
                onClick={() => setEditing({ kind: 'edit', item: null })}
              >
                {t('add')}
              </Button>
            </ListToolbar>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} role="note">
              {t('readOnly')}
            </Typography>
          )}
          <SenseLabelsTable
            labels={labels}
            onEdit={(item) => setEditing({ kind: 'edit', item })}
            onReset={(item) => setEditing({ kind: 'reset', item })}
          />
          {editing?.kind === 'edit' ? (
            <SenseLabelDialog organisationId={organisationId} item={editing.item} onClose={() => setEditing(null)} />
          ) : null}
          {editing?.kind === 'reset' ? (
            <ResetSenseLabelDialog
              organisationId={organisationId}
              item={editing.item}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      )}
    </EntityQueryState>
  );
}

interface SenseLabelsTableProps {
  labels: SenseLabels;
  onEdit: (item: SenseLabelItem) => void;
  onReset: (item: SenseLabelItem) => void;
}

function SenseLabelsTable({ labels, onEdit, onReset }: SenseLabelsTableProps) {
  const { t } = useTranslation('sense-labels');
  return (
    <ScrollableTable label={t('tableLabel')}>
      <Table size="small" aria-label={t('tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.key')}</TableCell>
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell>{t('columns.unit')}</TableCell>
            <TableCell>{t('columns.source')}</TableCell>
            {labels.editable ? <TableCell>{t('columns.actions')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {labels.items.map((item) => (
            <TableRow key={item.key}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{item.key}</TableCell>
              <TableCell>{item.shown.name}</TableCell>
              <TableCell>{item.shown.unit ?? t('noUnit')}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={item.own ? 'primary' : 'default'}
                  label={item.own ? t('source.own') : t('source.default')}
                />
              </TableCell>
              {labels.editable ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    sx={{ minHeight: 44 }}
                    aria-label={t('editLabel', { key: item.key })}
                    onClick={() => onEdit(item)}
                  >
                    {t('edit')}
                  </Button>
                  {item.own ? (
                    <Button
                      size="small"
                      sx={{ minHeight: 44 }}
                      aria-label={t('resetLabel', { key: item.key })}
                      onClick={() => onReset(item)}
                    >
                      {t('reset')}
                    </Button>
                  ) : null}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollableTable>
  );
}
