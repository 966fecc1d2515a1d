import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nonBlank } from '../../../lib/non-blank.ts';
import { liftQueryOptions } from '../api/get-lift.ts';

interface LiftHeaderStripProps {
  liftId: string;
}

/**
 * Shown above every page whose route names a lift (spec §2). While the details load, or when they
 * cannot be loaded, the id alone still tells the user which lift they are looking at.
 */
export function LiftHeaderStrip({ liftId }: LiftHeaderStripProps) {
  const { t } = useTranslation('lifts');
  const { data: lift } = useQuery(liftQueryOptions(liftId));
  const name = nonBlank(lift?.details.liftname) ?? t('header.fallbackName');
  const address = nonBlank(lift?.details.address);

  return (
    <Box
      component="section"
      aria-label={t('header.label')}
      sx={{ px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}
    >
      <Typography variant="overline" component="p" sx={{ lineHeight: 1.5 }}>
        {t('header.id', { id: liftId })}
      </Typography>
      <Typography variant="h6" component="p">
        {name}
      </Typography>
      {address ? (
        <Typography variant="body2" color="text.secondary">
          {address}
        </Typography>
      ) : null}
    </Box>
  );
}
