import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Cards side by side, as many as fit, each at least 200 px wide. */
export function CardGrid({ children, minWidth = 200 }: { children: ReactNode; minWidth?: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))` }}>
      {children}
    </Box>
  );
}
