import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventTypes, type EventType } from '@liftwacht/contracts/event-types';
import { hasDateRangeProblem } from '../../../lib/date-range-problems.ts';
import { emptyEventFilters, eventPeriodProblems, type EventFilters } from '../lib/event-filters.ts';
import { LiftPicker } from '../../../components/lift-picker.tsx';

const periodMessages = {
  order: 'filters.periodInvalid',
  range: 'filters.periodRange',
  tooLong: 'filters.periodTooLong',
} as const;

interface EventFiltersDialogProps {
  organisationId: number;
  filters: EventFilters;
  onApply: (filters: EventFilters) => void;
  onClose: () => void;
}

/** Edits a draft; nothing changes on the page until Apply, so a half-made choice never fetches. */
export function EventFiltersDialog({ organisationId, filters, onApply, onClose }: EventFiltersDialogProps) {
  const { t } = useTranslation('events');
  const [draft, setDraft] = useState(filters);
  // Checked as the dates change, and Apply stays off until the period is one the server takes.
  const period = eventPeriodProblems(draft);
  const periodInvalid = hasDateRangeProblem(period);
  const update = (patch: Partial<EventFilters>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="event-filters-title">
      <DialogTitle id="event-filters-title">{t('filters.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete<EventType, true>
            multiple
            size="small"
            options={eventTypes}
            value={draft.types}
            onChange={(_event, types) => update({ types })}
            getOptionLabel={(type) => t(`types.${type}`)}
            renderInput={(params) => <TextField {...params} label={t('filters.types')} />}
          />
          <LiftPicker
            organisationId={organisationId}
            label={t('filters.lifts')}
            value={draft.lifts}
            onChange={(lifts) => update({ lifts })}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              size="small"
              label={t('filters.from')}
              value={draft.from ?? ''}
              onChange={(event) => update({ from: event.target.value || null })}
              error={period.from !== null}
              helperText={period.from === 'range' ? t('filters.periodRange') : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <TextField
              type="date"
              size="small"
              label={t('filters.to')}
              value={draft.to ?? ''}
              onChange={(event) => update({ to: event.target.value || null })}
              error={period.to !== null}
              helperText={period.to === null ? undefined : t(periodMessages[period.to])}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={draft.onlyUnavailability}
                onChange={(event) => update({ onlyUnavailability: event.target.checked })}
              />
            }
            label={t('filters.onlyUnavailability')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDraft({ ...emptyEventFilters, showClosed: draft.showClosed })}>
          {t('filters.clear')}
        </Button>
        <Button onClick={onClose}>{t('filters.cancel')}</Button>
        <Button variant="contained" disabled={periodInvalid} onClick={() => onApply(draft)}>
          {t('filters.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
