import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { useCallActions } from '../api/act-on-call.ts';
import { callQueryOptions } from '../api/get-call.ts';
import { CallActionsPanel } from './call-actions-panel.tsx';
import { CallSummary } from './call-summary.tsx';
import { CallTimeline } from './call-timeline.tsx';

interface CallHandlingDialogProps {
  callId: number;
  /** The organisation whose pushed changes refresh the call (another person's action shows at once). */
  organisationId: number | null;
  onClose: () => void;
}

/**
 * A call to act on (issue 19): where it stands, what may be done now, and its lifecycle. Full
 * screen on a phone; follows the organisation's pushes so two people see each other's steps.
 */
export function CallHandlingDialog({ callId, organisationId, onClose }: CallHandlingDialogProps) {
  const { t } = useTranslation('calls');
  const { t: tc } = useTranslation();
  const titleId = useId();
  const query = useQuery(callQueryOptions(callId));
  useRefetchOnOrganisationChange(organisationId, [callQueryOptions(callId).queryKey], ['calls']);
  const canHandle = usePermission('calls.handle');
  const actions = useCallActions(callId);

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      // Full screen on a phone, by CSS: no media-query hook to load for it.
      slotProps={{
        paper: {
          sx: {
            m: { xs: 0, sm: 4 },
            width: { xs: '100%' },
            maxHeight: { xs: '100%' },
            height: { xs: '100%', sm: 'auto' },
            borderRadius: { xs: 0, sm: 1 },
          },
        },
      }}
    >
      <DialogTitle id={titleId}>
        {query.data ? t('handling.title', { lift: query.data.lift.name }) : t('handling.titlePending')}
      </DialogTitle>
      <DialogContent>
        {query.isPending ? (
          <CircularProgress aria-label={tc('loading')} />
        ) : query.isError ? (
          <ErrorPanel
            title={tc('errors.page.title')}
            message={apiErrorMessage(query.error, tc)}
            actionLabel={tc('errors.page.action')}
            onAction={() => void query.refetch()}
          />
        ) : (
          <Stack spacing={3}>
            <CallSummary call={query.data} />
            {canHandle ? <CallActionsPanel call={query.data} actions={actions} /> : null}
            <section aria-labelledby={`${titleId}-timeline`}>
              <Typography id={`${titleId}-timeline`} variant="subtitle1" component="h3">
                {t('handling.timeline')}
              </Typography>
              <CallTimeline steps={query.data.steps} />
            </section>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('handling.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
