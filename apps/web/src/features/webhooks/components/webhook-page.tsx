import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { webhookPaths } from '../../../app/webhook-paths.ts';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { parseRouteId } from '../../../lib/route-id.ts';
import { webhookQueryOptions } from '../api/get-webhook.ts';
import { WebhookActions } from './webhook-actions.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookDetails } from './webhook-details.tsx';
import { WebhooksFrame } from './webhooks-frame.tsx';

/** /admin/webhooks/:webhookId: one webhook, what can be done with it, and its delivery log. */
export function WebhookPage({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('webhooks');
  const id = parseRouteId(webhookId);
  const back = (
    <Button component={RouterLink} to={webhookPaths.list} sx={{ mb: 2, minHeight: 44 }}>
      {t('detail.back')}
    </Button>
  );
  if (id === null) {
    return (
      <WebhooksFrame title={t('detail.loadingTitle')} header={back}>
        <Typography role="status">{t('detail.invalidId')}</Typography>
      </WebhooksFrame>
    );
  }
  return <WebhookLoader webhookId={id} back={back} />;
}

function WebhookLoader({ webhookId, back }: { webhookId: number; back: ReactNode }) {
  const { t } = useTranslation('webhooks');
  const query = useQuery(webhookQueryOptions(webhookId));
  // Its description names it for people; without one, its address does.
  const title = query.data ? query.data.description || query.data.url : t('detail.loadingTitle');
  return (
    <WebhooksFrame title={title} header={back}>
      <EntityQueryState query={query} notFoundText={t('detail.notFound')}>
        {(endpoint) => (
          <>
            <WebhookActions endpoint={endpoint} />
            <WebhookDetails endpoint={endpoint} />
            <WebhookDeliveries endpointId={endpoint.id} />
          </>
        )}
      </EntityQueryState>
    </WebhooksFrame>
  );
}
