import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { ProfileDetailsForm } from '../../features/auth/components/profile-details-form.tsx';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { displayName } from './display-name.ts';
import { paths } from '../paths.ts';
import { canManageSubscriptions } from './menu-entries.ts';
import { useRoleFlags } from './use-role-flags.ts';

interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
}

type View = 'overview' | 'details' | 'password';

/**
 * The account entry's dialog (spec §2): username, Meldingen, "Log {name} uit", Sluiten; and the
 * user's own name, email, language and password, each edited in the dialog itself.
 */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      {/* The texts of the editing views load with the dialog's first opening, not with every page. */}
      <Suspense
        fallback={
          <>
            <DialogTitle id={titleId}>{t('profile.title')}</DialogTitle>
            <DialogContent dividers>
              <CircularProgress aria-label={t('loading')} />
            </DialogContent>
          </>
        }
      >
        <ProfileDialogBody titleId={titleId} onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}

function ProfileDialogBody({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { t: tAccount } = useTranslation('account');
  const user = useSession((state) => state.user);
  const roles = useRoleFlags();
  const logout = useLogout();
  // The body unmounts with the closed dialog, so it opens on the overview again.
  const [view, setView] = useState<View>('overview');
  const titles = {
    overview: t('profile.title'),
    details: tAccount('profile.editDetails'),
    password: tAccount('profile.changePassword'),
  };

  return (
    <>
      <DialogTitle id={titleId}>{titles[view]}</DialogTitle>
      <DialogContent dividers>
        {view === 'details' && user ? (
          <ProfileDetailsForm user={user} onDone={() => setView('overview')} />
        ) : view === 'password' ? (
          <ChangePasswordForm onDone={() => setView('overview')} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('profile.username')}
            </Typography>
            <Typography sx={{ mb: 1 }}>{user?.username}</Typography>
            <Typography variant="body2" color="text.secondary">
              {tAccount('profile.name')}
            </Typography>
            <Typography sx={{ mb: 1 }}>{user?.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {tAccount('profile.email')}
            </Typography>
            <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>{user?.email}</Typography>
            <List disablePadding>
              <ListItem disablePadding>
                <ListItemButton onClick={() => setView('details')}>
                  <ListItemText primary={tAccount('profile.editDetails')} />
                </ListItemButton>
              </ListItem>
              <ListItem disablePadding>
                <ListItemButton onClick={() => setView('password')}>
                  <ListItemText primary={tAccount('profile.changePassword')} />
                </ListItemButton>
              </ListItem>
              {canManageSubscriptions(roles) ? (
                <ListItem disablePadding>
                  <ListItemButton component={Link} to={paths.subscriptions} onClick={onClose}>
                    <ListItemText primary={t('profile.subscriptions')} />
                  </ListItemButton>
                </ListItem>
              ) : null}
              <ListItem disablePadding>
                <ListItemButton
                  onClick={() => {
                    onClose();
                    logout();
                  }}
                >
                  <ListItemText primary={t('profile.logout', { name: displayName(user) })} />
                </ListItemButton>
              </ListItem>
            </List>
          </>
        )}
      </DialogContent>
      {view === 'overview' ? (
        <DialogActions>
          <Button onClick={onClose}>{t('profile.close')}</Button>
        </DialogActions>
      ) : null}
    </>
  );
}
