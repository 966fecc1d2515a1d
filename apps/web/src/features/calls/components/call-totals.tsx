import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { callKinds, type CallKind, type CallTotals as Totals } from '@liftwacht/contracts/calls';

interface CallTotalsProps {
  totals: Totals;
  selected: CallKind[];
  onToggle: (kind: CallKind) => void;
}

/** One chip per kind with its count for the period; a chip also toggles the kind filter. */
export function CallTotals({ totals, selected, onToggle }: CallTotalsProps) {
  const { t } = useTranslation('calls');
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      role="group"
      aria-label={t('alarmCalls.totalsLabel')}
    >
      {callKinds.map((kind) => {
        const active = selected.includes(kind);
        return (
          <Chip
            key={kind}
            label={t('alarmCalls.total', { label: t(`kinds.${kind}`), count: totals[kind] })}
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            onClick={() => onToggle(kind)}
            aria-pressed={active}
          />
        );
      })}
    </Stack>
  );
}
