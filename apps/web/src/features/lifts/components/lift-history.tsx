import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/use-permission.ts';
import { useHistoryCheckboxes } from '../hooks/use-history-checkboxes.ts';
import { historySections } from '../lib/history-sections.ts';
import { LiftEventsPanel } from './lift-events-panel.tsx';
import { LiftVisitsPanel } from './lift-visits-panel.tsx';
import { LogbookPanel } from './logbook-panel.tsx';

interface LiftHistoryProps {
  liftId: number;
  organisationId: number;
}

/** Events, visits and logbook, each behind a checkbox the browser remembers (spec §3 history checkboxes). */
export function LiftHistory({ liftId, organisationId }: LiftHistoryProps) {
  const { t } = useTranslation('lifts');
  const titleId = useId();
  const [checked, toggle] = useHistoryCheckboxes();
  // Client-light users and mechanics have no events (spec §6): no box and no request.
  const canSeeEvents = usePermission('events.view');
  const sections = historySections.filter((section) => section !== 'events' || canSeeEvents);

  return (
    <section aria-labelledby={titleId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 2, mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('history.title')}
        </Typography>
        <FormGroup row role="group" aria-label={t('history.choose')}>
          {sections.map((section) => (
            <FormControlLabel
              key={section}
              control={
                <Checkbox checked={checked[section]} onChange={(event) => toggle(section, event.target.checked)} />
              }
              label={t(`history.${section}`)}
            />
          ))}
        </FormGroup>
      </Stack>
      <Stack spacing={2}>
        {canSeeEvents && checked.events ? <LiftEventsPanel liftId={liftId} organisationId={organisationId} /> : null}
        {checked.visits ? <LiftVisitsPanel liftId={liftId} /> : null}
        {checked.logbook ? <LogbookPanel liftId={liftId} /> : null}
      </Stack>
    </section>
  );
}
