import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toast } from 'sonner';
import type { Lift } from '@liftwacht/contracts/lifts';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { nonBlank } from '../../../lib/non-blank.ts';
import { useOrganisationPermission } from '../../../lib/use-organisation-permission.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { useSaveLift } from '../api/save-lift.ts';
import { useLiftSaveProblem } from '../hooks/use-lift-save-problem.ts';
import { DecommissionDialog } from './decommission-dialog.tsx';

/**
 * The lift page's edit actions, for the administrators of the lift's own organisation and
 * system-admin only (an admin reading a client's lift through an access grant may not edit it).
 */
export function LiftManageActions({ lift }: { lift: Lift }) {
  const { t } = useTranslation('lifts');
  const allowed = useOrganisationPermission('lifts.manage', lift.organisationId);
  const { update } = useSaveLift();
  const { problem, report, clear } = useLiftSaveProblem();
  const [decommissioning, setDecommissioning] = useState(false);
  const recommission = useAsyncAction(async () => {
    clear();
    try {
      await update(lift.id, { decommissionedOn: null, version: lift.version });
      toast.success(t('manage.recommissioned', { name: nonBlank(lift.details.liftname) ?? '' }));
    } catch (error) {
      report(error);
    }
  });
  if (!allowed) return null;

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={paths.liftEdit(lift.id)} variant="outlined" sx={{ minHeight: 44 }}>
          {t('manage.edit')}
        </Button>
        {lift.decommissionedOn === null ? (
          <Button variant="outlined" color="error" onClick={() => setDecommissioning(true)} sx={{ minHeight: 44 }}>
            {t('manage.decommission')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            onClick={() => void recommission.run()}
            disabled={recommission.isPending}
            sx={{ minHeight: 44 }}
          >
            {t('manage.recommission')}
          </Button>
        )}
      </Box>
      <FormError message={problem} />
      {decommissioning ? <DecommissionDialog lift={lift} onClose={() => setDecommissioning(false)} /> : null}
    </Box>
  );
}
