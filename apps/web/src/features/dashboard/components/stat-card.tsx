import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

interface StatCardProps {
  label: string;
  /** The formatted figure; null while it loads. */
  value: string | null;
  /** The detail route the card opens; a card without one is not clickable. */
  to?: string;
  /** A threshold colour (availability), shown as the card's left edge. */
  accent?: string;
  /** A second, smaller line under the figure (the 90th percentile beside a median). */
  detail?: string;
}

/** One figure of the dashboard. The whole card is the link, so its name reads "label value". */
export function StatCard({ label, value, to, accent, detail }: StatCardProps) {
  const content = (
    // A column with the figure at the bottom, so figures line up when a label takes two lines.
    <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography component="div" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" variant="h4" sx={{ fontWeight: 500, mt: 'auto' }}>
        {value ?? <Skeleton width="3ch" />}
      </Typography>
      {detail && value !== null ? (
        <Typography component="div" variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', ...(accent ? { borderLeftWidth: 6, borderLeftColor: accent } : {}) }}
      aria-busy={value === null}
    >
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
