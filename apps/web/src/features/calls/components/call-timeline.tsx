import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CallStep } from '@liftwacht/contracts/call-actions';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';

/** The call's lifecycle, oldest first: what happened, when, and who (a person, or the module). */
export function CallTimeline({ steps }: { steps: readonly CallStep[] }) {
  const { t, i18n } = useTranslation('calls');
  if (steps.length === 0) return <Typography variant="body2">{t('handling.noSteps')}</Typography>;
  const detail = (step: CallStep): string | null => {
    if (step.action === 'note') return step.text;
    if (step.action === 'assigned') return step.assignee ?? t('handling.unassigned');
    if (step.action === 'ended' && step.kind) return t(`kinds.${step.kind}`);
    if (step.action === 'passenger_freed') return formatDateTimeWithSeconds(step.freedAt, i18n.language);
    return null;
  };
  return (
    <Stack component="ol" spacing={1} aria-label={t('handling.timeline')} sx={{ listStyle: 'none', p: 0, my: 1 }}>
      {steps.map((step) => (
        <li key={step.id}>
          <Typography variant="body2">
            {`${formatDateTimeWithSeconds(step.at, i18n.language)} · ${t(`handling.steps.${step.action}`)}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[step.source === 'module' ? t('handling.byModule') : (step.user ?? t('notSet')), detail(step)]
              .filter((part) => part !== null && part !== '')
              .join(' — ')}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}
