import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  webhookDeliveryStatuses,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@liftwacht/contracts/webhooks';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { hasErrorCode } from '../../../lib/form-errors.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTimeWithSeconds } from '../../../lib/format-date-time.ts';
import { deliveriesPageSize, webhookDeliveriesQueryOptions } from '../api/get-webhook-deliveries.ts';
import { useResendDelivery } from '../api/webhook-mutations.ts';
import { DeliveryStatusChip } from './status-chips.tsx';

/** The webhook's delivery log, newest first: outcome of each delivery's last attempt, and re-send. */
export function WebhookDeliveries({ endpointId }: { endpointId: number }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const headingId = useId();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const query = useQuery(webhookDeliveriesQueryOptions(endpointId, page, status));
  const resend = useResendDelivery(endpointId);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const send = (delivery: WebhookDelivery) => {
    setNotice(null);
    resend.mutate(delivery.id, {
      onSuccess: (answer) => setNotice({ ok: answer.status === 'delivered', text: resentText(answer) }),
      onError: (error) =>
        setNotice({
          ok: false,
          text: hasErrorCode(error, 'conflict') ? t('deliveries.busy') : apiErrorMessage(error, tc),
        }),
    });
  };
  const resentText = (answer: WebhookDelivery) =>
    t('deliveries.resent', {
      status:
        answer.status === 'delivered'
          ? `${t('status.delivered')} (HTTP ${String(answer.responseStatus)})`
          : (answer.lastError ?? t(`status.${answer.status}`)),
    });

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('deliveries.title')}
      </Typography>
      <ListToolbar>
        <SelectField
          label={t('deliveries.filter')}
          value={status ?? ''}
          emptyLabel={t('deliveries.all')}
          options={webhookDeliveryStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
          onChange={(value) => {
            setStatus(value === '' ? null : (value as WebhookDeliveryStatus));
            setPage(0);
          }}
        />
        <Button sx={{ minHeight: 44 }} onClick={() => void query.refetch()}>
          {t('deliveries.refresh')}
        </Button>
      </ListToolbar>
      <div role="status">
        {notice ? (
          <Alert severity={notice.ok ? 'success' : 'error'} sx={{ mb: 2 }}>
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <EntityQueryState query={query} notFoundText={t('detail.notFound')}>
        {(data) =>
          data.total === 0 ? (
            <Typography>{t('deliveries.empty')}</Typography>
          ) : (
            <>
              <DeliveriesTable deliveries={data.items} onResend={send} pending={resend.isPending} />
              <Pager page={page} total={data.total} onPage={setPage} />
            </>
          )
        }
      </EntityQueryState>
    </Box>
  );
}

interface DeliveriesTableProps {
  deliveries: readonly WebhookDelivery[];
  onResend: (delivery: WebhookDelivery) => void;
  pending: boolean;
}

function DeliveriesTable({ deliveries, onResend, pending }: DeliveriesTableProps) {
  const { t, i18n } = useTranslation('webhooks');
  const when = (iso: string | null) => formatDateTimeWithSeconds(iso, i18n.language);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('deliveries.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('deliveries.columns.createdAt')}</TableCell>
            <TableCell>{t('deliveries.columns.kind')}</TableCell>
            <TableCell>{t('deliveries.columns.status')}</TableCell>
            <TableCell align="right">{t('deliveries.columns.attempts')}</TableCell>
            <TableCell>{t('deliveries.columns.response')}</TableCell>
            <TableCell align="right">{t('deliveries.columns.responseTime')}</TableCell>
            <TableCell>{t('deliveries.columns.error')}</TableCell>
            <TableCell>{t('deliveries.columns.nextAttemptAt')}</TableCell>
            <TableCell>{t('deliveries.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {when(delivery.createdAt)}
              </TableCell>
              <TableCell>{t(`kinds.${delivery.kind}`)}</TableCell>
              <TableCell>
                <DeliveryStatusChip status={delivery.status} />
              </TableCell>
              <TableCell align="right">{delivery.attempts}</TableCell>
              <TableCell>
                {delivery.responseStatus === null
                  ? delivery.attempts > 0
                    ? t('deliveries.noResponse')
                    : '—'
                  : `HTTP ${String(delivery.responseStatus)}`}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {delivery.responseTimeMs === null ? '—' : t('deliveries.ms', { ms: delivery.responseTimeMs })}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word', maxWidth: 320 }}>{delivery.lastError ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(delivery.nextAttemptAt)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  sx={{ minHeight: 44 }}
                  disabled={pending}
                  aria-label={t('deliveries.resendLabel', { at: when(delivery.createdAt) })}
                  onClick={() => onResend(delivery)}
                >
                  {t('deliveries.resend')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('webhooks');
  const pages = Math.max(1, Math.ceil(total / deliveriesPageSize));
  if (pages === 1) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
      <Button sx={{ minHeight: 44 }} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('deliveries.previous')}
      </Button>
      <Typography variant="body2">{t('deliveries.page', { page: page + 1, pages })}</Typography>
      <Button sx={{ minHeight: 44 }} disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('deliveries.next')}
      </Button>
    </Box>
  );
}
