import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import Typography from '@mui/material/Typography';
import { paths } from '../paths.ts';

/**
 * Any path outside the route table (spec §2). `inShell`: an unknown path under a section that
 * routes by itself (/admin/…), drawn inside the shell, whose <main> it must not repeat.
 */
export function NotFoundRoute({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box component={inShell ? 'div' : 'main'} sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <PageTitle title={t('errors.notFound.title')} />
      <Typography sx={{ mb: 3 }}>{t('errors.notFound.message', { path: pathname })}</Typography>
      <Button component={Link} to={paths.root} variant="contained">
        {t('errors.notFound.action')}
      </Button>
    </Box>
  );
}
