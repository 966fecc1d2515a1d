import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A list's filters and its main action, wrapping onto more lines on a phone. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>{children}</Box>;
}
