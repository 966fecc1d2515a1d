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
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/** The account entry's dialog (spec §2): username, Meldingen, "Log {name} uit", Sluiten. */
export function ProfileDialog({ open, onClose }: ProfileDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const user = useSession((state) => state.user);
  const roles = useRoleFlags();
  const logout = useLogout();

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('profile.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">
          {t('profile.username')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{user?.username}</Typography>
        <List disablePadding>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('profile.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
