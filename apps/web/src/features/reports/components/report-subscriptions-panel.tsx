import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { reportCadences, type ReportCadence, type ReportSubscriptionInput } from '@liftwacht/contracts/reports';
import { QueryState } from '../../../components/query-state.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import type { SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import {
  addReportSubscription,
  removeReportSubscription,
  reportSubscriptionsQueryKey,
  reportSubscriptionsQueryOptions,
} from '../api/report-subscriptions.ts';

const selectOrganisations = (state: SessionState) => state.organisationList;
const selectOrganisationId = (state: SessionState) => state.organisationId;

/**
 * "Meldingen": subscribe to the monthly or quarterly organisation report by mail (issue 20). Each
 * change is saved at once, apart from the event subscriptions' form and its save button.
 */
export function ReportSubscriptionsPanel() {
  const { t } = useTranslation('reports');
  const allowed = usePermission('reports.download');
  const query = useQuery({ ...reportSubscriptionsQueryOptions(), enabled: allowed });
  if (!allowed) return null;
  return (
    <Box component="section" aria-labelledby="report-subscriptions-title" sx={{ mt: 4 }}>
      <Typography id="report-subscriptions-title" variant="h6" component="h2">
        {t('subscriptions.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('subscriptions.intro')}</Typography>
      <QueryState query={query} level="page">
        {(data) => <ReportSubscriptionsEditor subscriptions={data} />}
      </QueryState>
    </Box>
  );
}

interface EditorProps {
  subscriptions: { organisationId: number; organisationName: string; cadence: ReportCadence }[];
}

function ReportSubscriptionsEditor({ subscriptions }: EditorProps) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const organisations = useSession(selectOrganisations);
  const sessionOrganisationId = useSession(selectOrganisationId);
  const [organisationId, setOrganisationId] = useState<number | null>(sessionOrganisationId);
  const [cadence, setCadence] = useState<ReportCadence>('monthly');
  const onError = (error: Error) => toast.error(t('subscriptions.failed', { message: apiErrorMessage(error, tc) }));
  const add = useMutation({
    mutationFn: addReportSubscription,
    onSuccess: (items) => {
      queryClient.setQueryData(reportSubscriptionsQueryKey, items);
      toast.success(t('subscriptions.added'));
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (input: ReportSubscriptionInput) => removeReportSubscription(input),
    onSuccess: (items) => {
      queryClient.setQueryData(reportSubscriptionsQueryKey, items);
      toast.success(t('subscriptions.removed'));
    },
    onError,
  });
  const busy = add.isPending || remove.isPending;

  return (
    <>
      {subscriptions.length === 0 ? (
        <Typography>{t('subscriptions.empty')}</Typography>
      ) : (
        <List aria-label={t('subscriptions.listLabel')} dense sx={{ maxWidth: 640 }}>
          {subscriptions.map((s) => {
            const cadenceText = t(`subscriptions.cadences.${s.cadence}`);
            return (
              <ListItem
                key={`${String(s.organisationId)}-${s.cadence}`}
                secondaryAction={
                  <Button
                    size="small"
                    disabled={busy}
                    aria-label={t('subscriptions.removeLabel', {
                      cadence: cadenceText.toLowerCase(),
                      organisation: s.organisationName,
                    })}
                    onClick={() => remove.mutate({ organisationId: s.organisationId, cadence: s.cadence })}
                  >
                    {t('subscriptions.remove')}
                  </Button>
                }
              >
                <ListItemText primary={s.organisationName} secondary={cadenceText} />
              </ListItem>
            );
          })}
        </List>
      )}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (organisationId !== null && !busy) add.mutate({ organisationId, cadence });
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 2, maxWidth: 640 }}
      >
        <Box sx={{ flex: '1 1 240px' }}>
          <SelectField
            label={t('subscriptions.organisationLabel')}
            name="reportOrganisationId"
            value={organisationId === null ? '' : String(organisationId)}
            onChange={(value) => setOrganisationId(value === '' ? null : Number(value))}
            emptyLabel={t('subscriptions.chooseOrganisation')}
            options={organisations.map((o) => ({ value: String(o.id), label: o.name }))}
            fullWidth
            size="medium"
          />
        </Box>
        <Box sx={{ flex: '0 1 200px' }}>
          <SelectField
            label={t('subscriptions.cadenceLabel')}
            name="reportCadence"
            value={cadence}
            onChange={(value) => setCadence(value === 'quarterly' ? 'quarterly' : 'monthly')}
            options={reportCadences.map((c) => ({ value: c, label: t(`subscriptions.cadences.${c}`) }))}
            fullWidth
            size="medium"
          />
        </Box>
        <Button type="submit" variant="outlined" disabled={busy || organisationId === null} sx={{ minHeight: 44 }}>
          {t('subscriptions.add')}
        </Button>
      </Box>
    </>
  );
}
