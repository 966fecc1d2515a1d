import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

interface ViewToggleProps {
  viewIsCurrent: boolean;
  onShowCurrent: () => void;
  onShowPeriod: () => void;
}

// The selected button's green on its 12 % green background is 4.35:1; the dark shade passes AA.
const selectedContrast = { '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.dark' } } as const;

/** Spec §4 "View": the current situation or the chosen period. */
export function ViewToggle({ viewIsCurrent, onShowCurrent, onShowPeriod }: ViewToggleProps) {
  const { t } = useTranslation('periods');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label={t('selector.view')}
      value={viewIsCurrent ? 'current' : 'period'}
      onChange={(_event, value: 'current' | 'period' | null) => {
        // A click on the active button would deselect it; the view always has one of the two.
        if (value === 'current') onShowCurrent();
        else if (value === 'period') onShowPeriod();
      }}
    >
      <ToggleButton value="current" sx={selectedContrast}>
        {t('selector.current')}
      </ToggleButton>
      <ToggleButton value="period" sx={selectedContrast}>
        {t('selector.period')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
