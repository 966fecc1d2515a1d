import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Call } from '@liftwacht/contracts/calls';
import { Entry, EntryDetails, OneLine } from '../../../components/list-entries.tsx';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { LiftCell } from '../../../components/lift-cell.tsx';

/**
 * A call on a phone, in the calls list and the current calls: kind and status, the lift, then when
 * it came in followed by `details` (how long, and what the list adds).
 */
export function CallEntry({ call, details, children }: { call: Call; details: ReactNode; children?: ReactNode }) {
  const { t, i18n } = useTranslation('calls');
  return (
    <Entry
      title={<Typography sx={{ fontWeight: 500 }}>{t(`kinds.${call.kind}`)}</Typography>}
      status={t(`statuses.${call.status}`)}
    >
      <LiftCell lift={call.lift} inline />
      <EntryDetails>
        <OneLine>{formatDateTimeWithSeconds(call.startedAt, i18n.language)}</OneLine>
        {' · '}
        {details}
      </EntryDetails>
      {children}
    </Entry>
  );
}
