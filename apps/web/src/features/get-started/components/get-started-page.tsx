import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import type { GetStarted } from '@liftwacht/contracts/get-started';
import { paths } from '../../../app/paths.ts';
import { PermissionPage } from '../../../components/permission-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getStartedQueryOptions } from '../api/get-started-query.ts';
import { StepIcon } from './step-icon.tsx';
import { stepLinks } from './step-links.ts';

/**
 * /admin/get-started: where the first administrator lands after setup. Each step says what it is,
 * whether it is done (from the data, asked on every visit) and links to where it is done. Once all
 * are done the page has no reason to be: it gives way to the dashboard.
 */
export function GetStartedPage() {
  const { t } = useTranslation('get-started');
  return (
    <PermissionPage title={t('title')} permission="users.manage" noAccess={t('noAccess')}>
      <Checklist />
    </PermissionPage>
  );
}

function Checklist() {
  const query = useQuery(getStartedQueryOptions());
  return (
    <QueryState query={query} level="page">
      {(checklist) => (checklist.done ? <Navigate to={paths.dashboard} replace /> : <Steps checklist={checklist} />)}
    </QueryState>
  );
}

function Steps({ checklist }: { checklist: GetStarted }) {
  const { t } = useTranslation('get-started');
  const done = checklist.steps.filter((step) => step.done).length;
  return (
    <>
      <Typography sx={{ mb: 1, maxWidth: '70ch' }}>{t('intro')}</Typography>
      <Alert severity="info" sx={{ mb: 2 }} role="status">
        {t('progress', { done, total: checklist.steps.length })}
      </Alert>
      <Box component="ol" aria-label={t('listLabel')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {checklist.steps.map(({ step, done: stepDone, count }, index) => (
          <Paper component="li" key={step} variant="outlined" sx={{ p: 2, display: 'flex', gap: 2 }}>
            <StepIcon done={stepDone} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {t('stepTitle', { number: index + 1, title: t(`steps.${step}.title`) })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t(`steps.${step}.description`)}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
                {stepDone ? t(`steps.${step}.done`, { count }) : t('toDo')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {stepLinks[step].map((link) => (
                  <Button
                    key={link.to}
                    component={RouterLink}
                    to={link.to}
                    variant={stepDone ? 'outlined' : 'contained'}
                    sx={{ minHeight: 44 }}
                  >
                    {link.label === 'open' ? t(`steps.${step}.action`) : t(`actions.${link.label}`)}
                  </Button>
                ))}
              </Box>
            </Box>
          </Paper>
        ))}
      </Box>
    </>
  );
}
