import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { WebhookWithSecret } from '@liftwacht/contracts/webhooks';
import { webhookPaths } from '../../../app/webhook-paths.ts';
import { EntityQueryState } from '../../../components/entity-query-state.tsx';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { webhooksQueryOptions } from '../api/get-webhooks.ts';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';
import { WebhooksFrame } from './webhooks-frame.tsx';
import { WebhooksTable } from './webhooks-table.tsx';

/** /admin/webhooks: the organisation's webhook endpoints, and registering a new one. */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  return (
    <WebhooksFrame title={t('title')}>
      <WebhooksList />
    </WebhooksFrame>
  );
}

function WebhooksList() {
  const { t } = useTranslation('webhooks');
  const navigate = useNavigate();
  const query = useQuery(webhooksQueryOptions());
  const everyOrganisation = useSession((state) => seesEveryOrganisation(state.user?.roles.map((r) => r.name) ?? []));
  const [registering, setRegistering] = useState(false);
  // The answer of a registration: its secret is shown this once, then the webhook's page opens.
  const [issued, setIssued] = useState<WebhookWithSecret | null>(null);

  return (
    <>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('intro')}</Typography>
      <ListToolbar>
        <Button variant="contained" sx={{ minHeight: 44 }} onClick={() => setRegistering(true)}>
          {t('list.register')}
        </Button>
      </ListToolbar>
      <EntityQueryState query={query} notFoundText={t('list.empty')}>
        {(data) =>
          data.total === 0 ? (
            <Typography role="status">{t('list.empty')}</Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
                {t('list.total', { count: data.total })}
              </Typography>
              <WebhooksTable endpoints={data.items} showOrganisation={everyOrganisation} />
            </>
          )
        }
      </EntityQueryState>
      {registering ? (
        <WebhookFormDialog
          mode="create"
          onClose={() => setRegistering(false)}
          onCreated={(answer) => {
            setRegistering(false);
            setIssued(answer);
          }}
        />
      ) : null}
      {issued ? (
        <WebhookSecretDialog
          url={issued.endpoint.url}
          secret={issued.secret}
          onClose={() => void navigate(webhookPaths.webhook(issued.endpoint.id))}
        />
      ) : null}
    </>
  );
}
