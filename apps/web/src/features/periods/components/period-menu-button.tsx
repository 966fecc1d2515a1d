import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodUnit } from '../lib/period-range.ts';
import { ArrowDropDownIcon } from '../../../components/icons/chevron-icons.tsx';

const units: readonly PeriodUnit[] = ['month', 'quarter', 'year', 'custom'];

interface PeriodMenuButtonProps {
  /** The chosen period's name, or the invitation to choose one. */
  label: string;
  onChoose: (unit: PeriodUnit) => void;
}

/** Spec §2 "Period selector": a button with a menu of month, quarter, year and a custom range. */
export function PeriodMenuButton({ label, onChoose }: PeriodMenuButtonProps) {
  const { t } = useTranslation('periods');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-label={`${t('selector.label')}: ${label}`}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        // A period's name is data ("november 2026"), not a command: keep its own capitals.
        sx={{ minWidth: 180, justifyContent: 'space-between', textTransform: 'none' }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {units.map((unit) => (
          <MenuItem
            key={unit}
            onClick={() => {
              setAnchor(null);
              onChoose(unit);
            }}
          >
            {t(`units.${unit}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
