import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
    <List dense aria-label={t('handling.timeline')}>
      {steps.map((step) => (
        <ListItem key={step.id} disableGutters>
          <ListItemText
            primary={`${formatDateTimeWithSeconds(step.at, i18n.language)} · ${t(`handling.steps.${step.action}`)}`}
            secondary={[step.source === 'module' ? t('handling.byModule') : (step.user ?? t('notSet')), detail(step)]
              .filter((part) => part !== null && part !== '')
              .join(' — ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
