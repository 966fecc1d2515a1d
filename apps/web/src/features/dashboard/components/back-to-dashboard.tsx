import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ChevronLeftIcon } from '../../../components/icons/chevron-icons.tsx';

export function BackToDashboard({ label }: { label: string }) {
  return (
    <Button component={Link} to={paths.dashboard} startIcon={<ChevronLeftIcon />} sx={{ mb: 1 }}>
      {label}
    </Button>
  );
}
