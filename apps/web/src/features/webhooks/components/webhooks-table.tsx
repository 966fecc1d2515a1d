import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { WebhookEndpoint } from '@liftwacht/contracts/webhooks';
import { webhookPaths } from '../../../app/webhook-paths.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { DeliveryStatusChip, EnabledChip } from './status-chips.tsx';

interface WebhooksTableProps {
  endpoints: readonly WebhookEndpoint[];
  /** The organisation column: only for a system-admin, who sees every organisation's webhooks. */
  showOrganisation: boolean;
}

export function WebhooksTable({ endpoints, showOrganisation }: WebhooksTableProps) {
  const { t, i18n } = useTranslation('webhooks');
  return (
    <Table size="small" aria-label={t('list.tableLabel')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('list.columns.url')}</TableCell>
          <TableCell>{t('list.columns.description')}</TableCell>
          {showOrganisation ? <TableCell>{t('list.columns.organisation')}</TableCell> : null}
          <TableCell>{t('list.columns.kinds')}</TableCell>
          <TableCell>{t('list.columns.enabled')}</TableCell>
          <TableCell>{t('list.columns.lastDelivery')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {endpoints.map((endpoint) => (
          <TableRow key={endpoint.id}>
            <TableCell component="th" scope="row" sx={{ wordBreak: 'break-all' }}>
              <Link component={RouterLink} to={webhookPaths.webhook(endpoint.id)}>
                {endpoint.url}
              </Link>
            </TableCell>
            <TableCell>{endpoint.description || '—'}</TableCell>
            {showOrganisation ? <TableCell>{endpoint.organisationName}</TableCell> : null}
            <TableCell title={endpoint.kinds.map((kind) => t(`kinds.${kind}`)).join(', ')}>
              {t('list.kindCount', { count: endpoint.kinds.length })}
            </TableCell>
            <TableCell>
              <EnabledChip enabled={endpoint.enabled} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {endpoint.lastDeliveryStatus && endpoint.lastDeliveryAt ? (
                <>
                  <DeliveryStatusChip status={endpoint.lastDeliveryStatus} />{' '}
                  {formatDateTime(endpoint.lastDeliveryAt, i18n.language)}
                </>
              ) : (
                t('list.never')
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
