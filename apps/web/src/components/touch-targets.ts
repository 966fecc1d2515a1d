import type { SxProps, Theme } from '@mui/material/styles';

/**
 * At least 44 × 44 px for everything a finger taps in the administration tables (WCAG 2.5.5):
 * action buttons, sort headers and the pager's buttons, which MUI draws smaller.
 */
export const touchTargets: SxProps<Theme> = {
  '& .MuiButton-root, & .MuiIconButton-root': { minWidth: 44, minHeight: 44 },
  '& .MuiTableSortLabel-root': { minHeight: 44 },
};
