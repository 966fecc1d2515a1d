import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { touchTargets } from '../../../components/touch-targets.ts';

/** The shared 44 px targets, plus the links in the cells (ES numbers, lifts), which are tapped too. */
export function TableTargets({ children }: { children: ReactNode }) {
  return (
    <Box sx={touchTargets}>
      <Box sx={{ '& td a, & th a': { display: 'inline-flex', alignItems: 'center', minHeight: 44 } }}>{children}</Box>
    </Box>
  );
}
