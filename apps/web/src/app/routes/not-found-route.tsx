import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import Typography from '@mui/material/Typography';
import { paths } from '../paths.ts';

/** Any path outside the route table (spec §2). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <PageTitle title={t('errors.notFound.title')} />
      <Typography sx={{ mb: 3 }}>{t('errors.notFound.message', { path: pathname })}</Typography>
      <Button component={Link} to={paths.root} variant="contained">
        {t('errors.notFound.action')}
      </Button>
    </Box>
  );
}
