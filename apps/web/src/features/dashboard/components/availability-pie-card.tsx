import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { StatsDetailType } from '@liftwacht/contracts/dashboard';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ChartErrorPanel } from '../../../components/chart-error-panel.tsx';
import type { BucketCount } from '../lib/availability-buckets.ts';
import { LazyAvailabilityChart } from './lazy-availability-chart.tsx';

interface AvailabilityPieCardProps {
  title: string;
  type: Extract<StatsDetailType, 'liftAvailability' | 'intercomAvailability'>;
  /** Undefined while loading or after a failure. */
  buckets: readonly BucketCount[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/**
 * Spec §2 period view: lifts per availability bucket. Every slice opens the lifts behind it; the
 * legend holds the same links for keyboard and screen-reader users.
 */
export function AvailabilityPieCard({ title, type, buckets, failed, onRetry }: AvailabilityPieCardProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const titleId = useId();
  const detailsOf = (bucket: BucketCount) => paths.statsDetails(type, bucket.lower, bucket.upper);
  const sliceLabel = (bucket: BucketCount) =>
    t('buckets.slice', { bucket: t(`buckets.${bucket.key}`), count: bucket.count });
  const total = buckets?.reduce((sum, bucket) => sum + bucket.count, 0) ?? 0;

  return (
    <Card variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0, height: '100%' }}>
      <CardContent>
        <Typography id={titleId} component="figcaption" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Box
          role="group"
          aria-label={t('chart.label', { title })}
          sx={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}
        >
          {failed ? (
            <Box sx={{ flexGrow: 1 }}>
              <ChartErrorPanel onRetry={onRetry} />
            </Box>
          ) : buckets === undefined ? (
            <Skeleton variant="circular" width={200} height={200} />
          ) : total === 0 ? (
            <Typography variant="body2" sx={{ alignSelf: 'center' }}>
              {t('chart.noData')}
            </Typography>
          ) : (
            <LazyAvailabilityChart
              buckets={buckets}
              sliceLabel={sliceLabel}
              onSelect={(bucket) => void navigate(detailsOf(bucket))}
            />
          )}
        </Box>
        {buckets ? (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {buckets.map((bucket) => (
              <Box component="li" key={bucket.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box
                  aria-hidden
                  sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: bucket.colour, flexShrink: 0 }}
                />
                <Link component={RouterLink} to={detailsOf(bucket)} variant="body2" underline="hover">
                  {sliceLabel(bucket)}
                </Link>
              </Box>
            ))}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
