import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { eventTypes } from '@liftwacht/contracts/event-types';
import type { Subscriptions } from '@liftwacht/contracts/subscriptions';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { saveSubscriptions, subscriptionsQueryKey, subscriptionsQueryOptions } from '../api/subscriptions.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard.ts';
import {
  formFromSubscriptions,
  isSameForm,
  rowsMissingLifts,
  updateFromForm,
  type SubscriptionForm,
} from '../lib/subscription-form.ts';
import { SubscriptionRow } from './subscription-row.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';

interface SubscriptionsPageProps {
  /** The organisation's escalation limits, shown under the escalation subscription (the escalations feature). */
  escalationLimits?: ReactNode;
  /** The scheduled report subscriptions (the reports feature's part of Meldingen), given by the route. */
  reportSubscriptions?: ReactNode;
}

export function SubscriptionsPage({ escalationLimits, reportSubscriptions }: SubscriptionsPageProps = {}) {
  const { t } = useTranslation('subscriptions');
  const { t: tc } = useTranslation();
  const allowed = usePermission('subscriptions.manage');
  const query = useQuery({ ...subscriptionsQueryOptions(), enabled: allowed });
  return (
    <PageContainer>
      <PageTitle title={t('title')} />
      {!allowed ? (
        <Typography role="status">{t('noAccess')}</Typography>
      ) : query.isPending ? (
        <CircularProgress aria-label={tc('loading')} />
      ) : query.isError ? (
        <ErrorPanel
          title={tc('errors.page.title')}
          message={apiErrorMessage(query.error, tc)}
          actionLabel={tc('errors.page.action')}
          onAction={() => void query.refetch()}
        />
      ) : (
        <SubscriptionsEditor stored={query.data} escalationLimits={escalationLimits} />
      )}
      {reportSubscriptions}
    </PageContainer>
  );
}

const selectOrganisationId = (state: SessionState) => state.organisationId;

function SubscriptionsEditor({ stored, escalationLimits }: { stored: Subscriptions; escalationLimits: ReactNode }) {
  const { t } = useTranslation(['subscriptions', 'events']);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const organisationId = useSession(selectOrganisationId);
  // The form keeps its own baseline: a background refetch must not overwrite what the user typed.
  const [baseline, setBaseline] = useState(() => formFromSubscriptions(stored));
  const [form, setForm] = useState<SubscriptionForm>(baseline);
  const dirty = !isSameForm(form, baseline);
  const missing = rowsMissingLifts(form);
  const guard = useUnsavedChangesGuard(dirty);

  const mutation = useMutation({
    mutationFn: saveSubscriptions,
    onSuccess: (saved) => {
      queryClient.setQueryData(subscriptionsQueryKey, saved);
      const next = formFromSubscriptions(saved);
      setBaseline(next);
      setForm(next);
      toast.success(t('saved'));
    },
    // The form keeps the user's choices, so a retry needs no retyping.
    onError: (error) => toast.error(t('saveFailed', { message: apiErrorMessage(error, tc) })),
  });

  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty && missing.length === 0) mutation.mutate(updateFromForm(form));
      }}
    >
      <Typography sx={{ mb: 2 }}>{t('intro', { email: stored.email })}</Typography>
      <Typography component="h2" variant="h6">
        {t('escalation.title')}
      </Typography>
      <Box component="ul" aria-label={t('escalation.listLabel')} sx={{ p: 0, mt: 0, mb: 3 }}>
        <SubscriptionRow
          label={t('escalation.label')}
          description={t('escalation.description')}
          details={escalationLimits}
          row={form.escalation}
          organisationId={organisationId}
          onChange={(row) => setForm((current) => ({ ...current, escalation: row }))}
        />
      </Box>
      <Typography component="h2" variant="h6">
        {t('eventsTitle')}
      </Typography>
      <Box component="ul" aria-label={t('tableLabel')} sx={{ p: 0, m: 0 }}>
        {eventTypes.map((type) => (
          <SubscriptionRow
            key={type}
            label={t(`events:types.${type}`)}
            row={form.events[type]}
            organisationId={organisationId}
            onChange={(row) => setForm((current) => ({ ...current, events: { ...current.events, [type]: row } }))}
          />
        ))}
      </Box>
      <Box
        sx={{ position: 'sticky', bottom: 0, display: 'flex', gap: 2, py: 2, bgcolor: 'background.default', zIndex: 1 }}
      >
        <Button type="submit" variant="contained" disabled={!dirty || missing.length > 0 || mutation.isPending}>
          {mutation.isPending ? t('saving') : t('save')}
        </Button>
        <Button onClick={() => setForm(baseline)} disabled={!dirty || mutation.isPending}>
          {t('reset')}
        </Button>
      </Box>
      <UnsavedChangesDialog open={guard.pendingHref !== null} onStay={guard.stay} onLeave={guard.leave} />
    </Box>
  );
}
