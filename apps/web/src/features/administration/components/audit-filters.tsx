import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActions, type AuditAction } from '@liftwacht/contracts/administration';
import { dateRangeProblems, hasDateRangeProblem } from '../../../lib/date-range-problems.ts';
import type { UpdateList } from '../../../lib/use-url-list-state.ts';
import type { AuditListState } from '../lib/audit-list-params.ts';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { OrganisationSelect } from './organisation-select.tsx';
import { SelectField } from '../../../components/select-field.tsx';

const periodMessages = {
  range: 'audit.periodRange',
  order: 'audit.periodOrder',
  tooLong: 'audit.periodTooLong',
} as const;

interface AuditFiltersProps {
  state: AuditListState;
  update: UpdateList<AuditListState>;
  /** Only a system-admin reads other organisations' entries. */
  organisationFilter: boolean;
}

/** Action, organisation and period; a period the server would refuse stays in the fields, not the URL. */
export function AuditFilters({ state, update, organisationFilter }: AuditFiltersProps) {
  const { t } = useTranslation('administration');
  const [period, setPeriod] = useState({ from: state.from, to: state.to });
  const [urlPeriod, setUrlPeriod] = useState(period);
  // The back button (or a link) changes the URL's period: the fields follow it.
  if (urlPeriod.from !== state.from || urlPeriod.to !== state.to) {
    const next = { from: state.from, to: state.to };
    setUrlPeriod(next);
    setPeriod(next);
  }
  const problems = dateRangeProblems(period.from, period.to);

  const changePeriod = (next: { from: string; to: string }) => {
    setPeriod(next);
    if (!hasDateRangeProblem(dateRangeProblems(next.from, next.to))) update({ ...next, page: 0 });
  };

  return (
    <ListToolbar>
      <SelectField
        label={t('audit.actionFilter')}
        value={state.action ?? ''}
        emptyLabel={t('filters.all')}
        options={auditActions.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))}
        onChange={(action) => update({ action: action === '' ? null : (action as AuditAction), page: 0 })}
      />
      {organisationFilter ? (
        <OrganisationSelect
          label={t('filters.organisation')}
          value={state.organisationId}
          emptyLabel={t('filters.allOrganisations')}
          onChange={(organisationId) => update({ organisationId, page: 0 })}
        />
      ) : null}
      <TextField
        type="date"
        size="small"
        label={t('audit.from')}
        value={period.from}
        onChange={(event) => changePeriod({ ...period, from: event.target.value })}
        error={problems.from !== null}
        helperText={problems.from === null ? undefined : t(periodMessages[problems.from])}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('audit.to')}
        value={period.to}
        onChange={(event) => changePeriod({ ...period, to: event.target.value })}
        error={problems.to !== null}
        helperText={problems.to === null ? undefined : t(periodMessages[problems.to])}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </ListToolbar>
  );
}
