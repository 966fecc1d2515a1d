import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@liftwacht/contracts/webhooks';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { EnabledChip } from './status-chips.tsx';

/** What the webhook is: a definition list, readable by screen readers as term and value. */
export function WebhookDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation('webhooks');
  const rows: [string, React.ReactNode][] = [
    [t('detail.url'), <span style={{ wordBreak: 'break-all' }}>{endpoint.url}</span>],
    [t('detail.description'), endpoint.description || t('detail.none')],
    [t('detail.organisation'), endpoint.organisationName],
    [t('detail.kinds'), endpoint.kinds.map((kind) => t(`kinds.${kind}`)).join(', ')],
    [t('detail.enabled'), <EnabledChip enabled={endpoint.enabled} />],
    [t('detail.secretCreatedAt'), formatDateTime(endpoint.secretCreatedAt, i18n.language)],
    [t('detail.createdAt'), formatDateTime(endpoint.createdAt, i18n.language)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 1,
        mb: 3,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
