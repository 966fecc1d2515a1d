import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../app/paths.ts';
import { selectUserMechanic } from '../../../lib/session/session-selectors.ts';
import { sessionActions, type SessionState } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

const selectLockedLiftId = (state: SessionState) => state.lockedLiftId;

/**
 * While the session is locked to a lift (a scanned sticker), every page says so and leads back to
 * that lift; the login lands there too. A monteur stays locked until the next sticker (its work
 * is the lift it was sent to); other roles may unlock and use the whole portal again.
 */
export function LockedLiftBanner() {
  const lockedLiftId = useSession(selectLockedLiftId);
  if (lockedLiftId === null) return null;
  // Its texts load only for a locked session, and never hold up the page around it.
  return (
    <Suspense fallback={null}>
      <LockedLiftNotice lockedLiftId={lockedLiftId} />
    </Suspense>
  );
}

function LockedLiftNotice({ lockedLiftId }: { lockedLiftId: number }) {
  const { t } = useTranslation('lift-stickers');
  const mechanic = useSession(selectUserMechanic);
  const { pathname } = useLocation();
  const liftPath = paths.lift(lockedLiftId);
  const onLift = pathname === liftPath;

  const unlock = () => {
    sessionActions.setLockedLiftId(null);
    toast.success(t('lock.unlocked'));
  };

  return (
    <Alert
      severity="info"
      role="region"
      aria-label={t('lock.label')}
      sx={{ mx: { xs: 1, sm: 2 }, mt: 1, alignItems: 'center' }}
      action={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {onLift ? null : (
            <Button component={RouterLink} to={liftPath} color="inherit" sx={{ minHeight: 44 }}>
              {t('lock.open')}
            </Button>
          )}
          {mechanic ? null : (
            <Button color="inherit" onClick={unlock} sx={{ minHeight: 44 }}>
              {t('lock.unlock')}
            </Button>
          )}
        </Box>
      }
    >
      {t('lock.text', { id: lockedLiftId })}
    </Alert>
  );
}
