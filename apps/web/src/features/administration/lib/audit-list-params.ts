import { auditActions, type AuditAction } from '@liftwacht/contracts/administration';
import { dateRangeProblems, hasDateRangeProblem } from '../../../lib/date-range-problems.ts';
import {
  parseId,
  parseOption,
  parsePage,
  parseRows,
  setIfPresent,
  writePaging,
  type Paged,
} from '../../../lib/list-params.ts';

export interface AuditListState extends Paged {
  action: AuditAction | null;
  organisationId: number | null;
  /** yyyy-MM-dd local days, both inclusive; '' leaves the bound open. */
  from: string;
  to: string;
}

export function parseAuditList(params: URLSearchParams): AuditListState {
  const rows = parseRows(params.get('rows'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // A hand-edited period the server would refuse (400) is left out rather than failing the page.
  const period = hasDateRangeProblem(dateRangeProblems(from, to)) ? { from: '', to: '' } : { from, to };
  return {
    action: parseOption(params.get('action'), auditActions),
    organisationId: parseId(params.get('organisationId')),
    ...period,
    page: parsePage(params.get('page'), rows),
    rows,
  };
}

export function writeAuditList(state: AuditListState): URLSearchParams {
  const params = new URLSearchParams();
  setIfPresent(params, 'action', state.action);
  setIfPresent(params, 'organisationId', state.organisationId);
  setIfPresent(params, 'from', state.from);
  setIfPresent(params, 'to', state.to);
  writePaging(params, state);
  return params;
}
