import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { periodProblem } from '@liftwacht/contracts/periods';
import { paths } from '../../../app/paths.ts';
import { selectIsRestrictedUser, selectViewIsCurrent } from '../../../lib/session/session-selectors.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePeriodActions } from '../hooks/use-period-actions.ts';
import { usePeriodLabel } from '../hooks/use-period-label.ts';
import { useSelectedPeriod } from '../hooks/use-selected-period.ts';
import { useToday } from '../hooks/use-today.ts';
import {
  calendarPeriod,
  customPeriod,
  isPastPeriod,
  stepPeriod,
  type Period,
  type PeriodUnit,
} from '../lib/period-range.ts';
import { choiceToSearch } from '../lib/compared-periods.ts';
import { CustomPeriodDialog } from './custom-period-dialog.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons/chevron-icons.tsx';
import { PeriodMenuButton } from './period-menu-button.tsx';
import { ViewToggle } from './view-toggle.tsx';

// Stepping before 1900 (or past 2199) would ask the server for days it refuses (issue 15).
const withinCalendar = (period: Period): boolean => periodProblem(period.from, period.to) === null;

/** Spec §2 "Period selector". Client-light users and mechanics never see it (spec §6). */
export function PeriodSelector() {
  const restricted = useSession(selectIsRestrictedUser);
  return restricted ? null : <PeriodToolbar />;
}

function PeriodToolbar() {
  const { t } = useTranslation('periods');
  const viewIsCurrent = useSession(selectViewIsCurrent);
  const today = useToday();
  const selected = useSelectedPeriod(today);
  const label = usePeriodLabel();
  const { choose, showCurrent, showPeriod } = usePeriodActions(today);
  const [customOpen, setCustomOpen] = useState(false);
  const previous = stepPeriod(selected, -1, today);
  const next = stepPeriod(selected, 1, today);

  const chooseUnit = (unit: PeriodUnit) => {
    if (unit === 'custom') setCustomOpen(true);
    else choose(calendarPeriod(unit, 0, today));
  };

  return (
    <Box
      role="group"
      aria-label={t('selector.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <ViewToggle viewIsCurrent={viewIsCurrent} onShowCurrent={showCurrent} onShowPeriod={showPeriod} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {viewIsCurrent ? null : (
          <IconButton
            aria-label={t('selector.previous')}
            disabled={!withinCalendar(previous)}
            onClick={() => choose(previous)}
          >
            <ChevronLeftIcon />
          </IconButton>
        )}
        <PeriodMenuButton label={viewIsCurrent ? t('selector.choose') : label(selected)} onChoose={chooseUnit} />
        {viewIsCurrent ? null : (
          <IconButton
            aria-label={t('selector.next')}
            disabled={!isPastPeriod(selected, today) || !withinCalendar(next)}
            onClick={() => choose(next)}
          >
            <ChevronRightIcon />
          </IconButton>
        )}
      </Box>
      {/* In the period view the comparison starts from the period shown, against the one before it. */}
      <Button
        component={Link}
        to={
          viewIsCurrent
            ? paths.comparePeriods
            : `${paths.comparePeriods}?${choiceToSearch({ unit: selected.unit, first: selected, second: previous, running: 'sameDays' }).toString()}`
        }
        size="small"
      >
        {t('selector.compare')}
      </Button>
      {customOpen ? (
        <CustomPeriodDialog
          initialFrom={selected.from}
          initialTo={selected.to}
          onApply={(from, to) => choose(customPeriod(from, to))}
          onClose={() => setCustomOpen(false)}
        />
      ) : null}
    </Box>
  );
}
