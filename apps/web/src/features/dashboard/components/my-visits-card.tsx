import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MyVisits } from '@liftwacht/contracts/dashboard';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';

/** The monteur's "working on": the lifts with its visits in progress, each a tap to its lift page. */
export function MyVisitsCard({ openVisits }: { openVisits: MyVisits['openVisits'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper component="section" variant="outlined" aria-labelledby="my-visits-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="my-visits-title" variant="h6" component="h3">
        {t('myVisits.title')}
      </Typography>
      {openVisits.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('myVisits.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {openVisits.map((visit) => (
            <ListItem key={visit.id} disableGutters>
              <Link
                component={RouterLink}
                to={paths.lift(visit.liftId)}
                sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
              >
                {visit.liftname}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
