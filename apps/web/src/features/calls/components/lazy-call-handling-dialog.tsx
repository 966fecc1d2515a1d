import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

// The console's code (dialog, forms, lifecycle) is fetched when a call is opened: watching the
// current calls does not pay for it, and the routes' preload lists stay short.
const CallHandlingDialog = lazy(() =>
  import('./call-handling-dialog.tsx').then((module) => ({ default: module.CallHandlingDialog })),
);

export function LazyCallHandlingDialog(props: ComponentProps<typeof CallHandlingDialog>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<CircularProgress aria-label={t('loading')} />}>
      <CallHandlingDialog {...props} />
    </Suspense>
  );
}
