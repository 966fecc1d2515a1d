import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { usePermission } from '../../../lib/use-permission.ts';
import { getStartedQueryOptions } from '../api/get-started-query.ts';

/**
 * On the dashboard of an administrator while setting up is not done: how far it is and a way back
 * to the checklist. Gone once every step is done (and never shown to other roles).
 */
export function GetStartedNotice() {
  const { t } = useTranslation('get-started');
  const administrator = usePermission('users.manage');
  const query = useQuery({ ...getStartedQueryOptions(), enabled: administrator });
  const checklist = query.data;
  if (!administrator || checklist === undefined || checklist.done) return null;
  const done = checklist.steps.filter((step) => step.done).length;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to={paths.adminGetStarted} color="inherit" sx={{ minHeight: 44 }}>
          {t('notice.action')}
        </Button>
      }
    >
      {t('notice.text', { done, total: checklist.steps.length })}
    </Alert>
  );
}
