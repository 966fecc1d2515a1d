import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

interface FullPageSpinnerProps {
  label: string;
}

export function FullPageSpinner({ label }: FullPageSpinnerProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
