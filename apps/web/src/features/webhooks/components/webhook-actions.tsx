import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@liftwacht/contracts/webhooks';
import { webhookPaths } from '../../../app/webhook-paths.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook } from '../api/webhook-mutations.ts';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

type Open = 'edit' | 'rotate' | 'delete' | null;

/** Change, test, renew the secret of, and remove one webhook. */
export function WebhookActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const test = useTestWebhook(endpoint.id);
  const rotate = useRotateWebhookSecret(endpoint.id);
  const remove = useDeleteWebhook(endpoint.id);
  const [open, setOpen] = useState<Open>(null);
  const [outcome, setOutcome] = useState<WebhookDelivery | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<WebhookWithSecret | null>(null);
  const failed = (err: unknown) => setError(t('actions.failed', { message: apiErrorMessage(err, tc) }));
  const close = () => {
    setOpen(null);
    setError(null);
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} aria-label={t('actions.label')}>
        <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setOpen('edit')}>
          {t('actions.edit')}
        </Button>
        <Button
          variant="contained"
          sx={{ minHeight: 44 }}
          disabled={test.isPending}
          onClick={() => {
            setOutcome(null);
            setError(null);
            test.mutate(undefined, { onSuccess: setOutcome, onError: failed });
          }}
        >
          {test.isPending ? t('actions.testing') : t('actions.test')}
        </Button>
        <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setOpen('rotate')}>
          {t('actions.rotate')}
        </Button>
        <Button variant="outlined" color="error" sx={{ minHeight: 44 }} onClick={() => setOpen('delete')}>
          {t('actions.delete')}
        </Button>
      </Stack>
      <div role="status">
        {outcome ? (
          <Alert severity={outcome.status === 'delivered' ? 'success' : 'error'} sx={{ mb: 2 }}>
            {outcome.status === 'delivered'
              ? t('actions.testDelivered', { status: outcome.responseStatus ?? '', ms: outcome.responseTimeMs ?? 0 })
              : t('actions.testFailed', { error: outcome.lastError ?? '' })}
          </Alert>
        ) : null}
        {error && open === null ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
      </div>
      {open === 'edit' ? <WebhookFormDialog mode="edit" endpoint={endpoint} onClose={close} /> : null}
      {open === 'rotate' ? (
        <ConfirmDialog
          title={t('actions.rotateTitle')}
          message={t('actions.rotateMessage')}
          confirmLabel={t('actions.rotateConfirm')}
          cancelLabel={t('actions.cancel')}
          error={error}
          pending={rotate.isPending}
          onClose={close}
          onConfirm={() =>
            rotate.mutate(endpoint.version, {
              onSuccess: (answer) => {
                close();
                setIssued(answer);
              },
              onError: failed,
            })
          }
        />
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title={t('actions.deleteTitle')}
          message={t('actions.deleteMessage', { url: endpoint.url })}
          confirmLabel={t('actions.deleteConfirm')}
          cancelLabel={t('actions.cancel')}
          error={error}
          pending={remove.isPending}
          onClose={close}
          onConfirm={() =>
            remove.mutate(undefined, { onSuccess: () => void navigate(webhookPaths.list), onError: failed })
          }
        />
      ) : null}
      {issued ? (
        <WebhookSecretDialog url={issued.endpoint.url} secret={issued.secret} onClose={() => setIssued(null)} />
      ) : null}
    </>
  );
}
