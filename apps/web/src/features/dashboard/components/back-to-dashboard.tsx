import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ChevronLeftIcon } from './chevron-left-icon.tsx';

export function BackToDashboard({ label }: { label: string }) {
  return (
    <Button component={Link} to={paths.dashboard} startIcon={<ChevronLeftIcon />} sx={{ mb: 1 }}>
      {label}
    </Button>
  );
}
