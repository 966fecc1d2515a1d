import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The padding every page inside the shell shares. */
export function PageContainer({ children }: { children: ReactNode }) {
  return <Box sx={{ p: { xs: 2, md: 3 } }}>{children}</Box>;
}
