import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface DetailSectionProps {
  title: string;
  /** Shown right of the title, e.g. the module number or a connection state. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One panel of the lift page: a named region, so every panel is a landmark for screen readers. */
export function DetailSection({ title, aside, children }: DetailSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {aside}
      </Stack>
      {children}
    </Paper>
  );
}
