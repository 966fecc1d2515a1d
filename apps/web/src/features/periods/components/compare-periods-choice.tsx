import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComparedPeriods } from '../hooks/use-compared-periods.ts';
import { usePeriodLabel } from '../hooks/use-period-label.ts';
import {
  calendarOptions,
  changeUnit,
  comparedUnitChoices,
  rangeProblem,
  type ComparedChoice,
  type Range,
  type RangeProblem,
} from '../lib/compared-periods.ts';
import { isCalendarUnit, type CalendarUnit, type PeriodUnit } from '../lib/period-range.ts';

const problemKeys: Record<
  RangeProblem,
  'custom.required' | 'custom.order' | 'custom.range' | 'custom.tooLong' | 'compare.future'
> = {
  invalid: 'custom.required',
  order: 'custom.order',
  range: 'custom.range',
  tooLong: 'custom.tooLong',
  future: 'compare.future',
};

const unitKeys: Record<PeriodUnit, 'units.month' | 'units.quarter' | 'units.year' | 'custom.title'> = {
  month: 'units.month',
  quarter: 'units.quarter',
  year: 'units.year',
  custom: 'custom.title',
};

/** The compare-periods page's choice: the unit, the period, the one it is compared with, and what a running period means. */
export function ComparePeriodsChoice({ periods }: { periods: ComparedPeriods }) {
  const { t } = useTranslation('periods');
  const { choice, setChoice, today, compared, running } = periods;
  const set = (change: Partial<ComparedChoice>) => setChoice({ ...choice, ...change });

  return (
    <Box component="section" aria-label={t('compare.choiceLabel')} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('compare.unit')}
          value={choice.unit}
          onChange={(event) => setChoice(changeUnit(choice, event.target.value as PeriodUnit, today))}
          sx={{ minWidth: 180 }}
        >
          {comparedUnitChoices.map((unit) => (
            <MenuItem key={unit} value={unit}>
              {t(unitKeys[unit])}
            </MenuItem>
          ))}
        </TextField>
        {isCalendarUnit(choice.unit) ? (
          <>
            <CalendarSelect
              unit={choice.unit}
              label={t('compare.period')}
              value={choice.first}
              today={today}
              onChange={(first) => set({ first })}
            />
            <CalendarSelect
              unit={choice.unit}
              label={t('compare.compareWith')}
              value={choice.second}
              today={today}
              onChange={(second) => set({ second })}
            />
          </>
        ) : (
          <>
            <RangeFields
              key={`first-${choice.first.from}-${choice.first.to}`}
              legend={t('compare.period')}
              value={choice.first}
              today={today}
              onChange={(first) => set({ first })}
            />
            <RangeFields
              key={`second-${choice.second.from}-${choice.second.to}`}
              legend={t('compare.compareWith')}
              value={choice.second}
              today={today}
              onChange={(second) => set({ second })}
            />
          </>
        )}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={choice.running === 'whole'}
            onChange={(event) => set({ running: event.target.checked ? 'whole' : 'sameDays' })}
          />
        }
        label={t('compare.wholePeriods')}
      />
      {running === null ? null : (
        <Alert severity="info" sx={{ mt: 1 }}>
          {compared.sameDays
            ? t('compare.sameDays', { period: running, first: compared.first.label, second: compared.second.label })
            : t('compare.partial', { period: running })}
        </Alert>
      )}
    </Box>
  );
}

function CalendarSelect(props: {
  unit: CalendarUnit;
  label: string;
  value: Range;
  today: Date;
  onChange: (range: Range) => void;
}) {
  const label = usePeriodLabel();
  const options = calendarOptions(props.unit, props.today);
  // A period from a link older than the list reaches stays choosable.
  const known = options.some((option) => option.from === props.value.from);
  const all = known ? options : [...options, { unit: props.unit, offset: 0, ...props.value }];
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value.from}
      onChange={(event) => {
        const option = all.find((candidate) => candidate.from === event.target.value);
        if (option) props.onChange({ from: option.from, to: option.to });
      }}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {all.map((option) => (
        <MenuItem key={option.from} value={option.from}>
          {label(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Two dates of a custom range; the range is taken once it is one the server accepts and has begun. */
function RangeFields(props: { legend: string; value: Range; today: Date; onChange: (range: Range) => void }) {
  const { t } = useTranslation('periods');
  const [draft, setDraft] = useState(props.value);
  const problem = rangeProblem(draft, props.today);
  const change = (next: Range) => {
    setDraft(next);
    if (rangeProblem(next, props.today) === null) props.onChange(next);
  };
  const message = problem === null ? undefined : t(problemKeys[problem]);
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Box component="legend" sx={{ typography: 'body2', color: 'text.secondary', mb: 0.5 }}>
        {props.legend}
      </Box>
      <TextField
        type="date"
        size="small"
        label={t('custom.from')}
        value={draft.from}
        onChange={(event) => change({ ...draft, from: event.target.value })}
        error={problem !== null}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('custom.to')}
        value={draft.to}
        onChange={(event) => change({ ...draft, to: event.target.value })}
        error={problem !== null}
        helperText={message}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}
