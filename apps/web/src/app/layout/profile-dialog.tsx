import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
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
  const { t: tAuth } = useTranslation('auth');
  const titleId = useId();
  const user = useSession((state) => state.user);
  const roles = useRoleFlags();
  const logout = useLogout();
  const [view, setView] = useState<View>('overview');
  const close = () => {
    onClose();
    setView('overview');
  };
  const titles = {
    overview: t('profile.title'),
    details: tAuth('account.editDetails'),
    password: tAuth('account.changePassword'),
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
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
              {tAuth('account.name')}
            </Typography>
            <Typography sx={{ mb: 1 }}>{user?.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {tAuth('account.email')}
            </Typography>
            <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>{user?.email}</Typography>
            <List disablePadding>
              <ListItem disablePadding>
                <ListItemButton onClick={() => setView('details')}>
                  <ListItemText primary={tAuth('account.editDetails')} />
                </ListItemButton>
              </ListItem>
              <ListItem disablePadding>
                <ListItemButton onClick={() => setView('password')}>
                  <ListItemText primary={tAuth('account.changePassword')} />
                </ListItemButton>
              </ListItem>
              {canManageSubscriptions(roles) ? (
                <ListItem disablePadding>
                  <ListItemButton component={Link} to={paths.subscriptions} onClick={close}>
                    <ListItemText primary={t('profile.subscriptions')} />
                  </ListItemButton>
                </ListItem>
              ) : null}
              <ListItem disablePadding>
                <ListItemButton
                  onClick={() => {
                    close();
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
          <Button onClick={close}>{t('profile.close')}</Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
}
