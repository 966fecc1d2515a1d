import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Permission } from '@liftwacht/contracts/permissions';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { OrganisationPicker } from '../../features/organisations/components/organisation-picker.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { userHasPermission } from '../../lib/use-permission.ts';
import { displayName } from './display-name.ts';
import {
  adminMenuEntriesFor,
  canPickOrganisation,
  menuEntriesFor,
  type AdminMenuEntry,
  type MenuEntry,
} from './menu-entries.ts';
import { ProfileDialog } from './profile-dialog.tsx';
import { useRoleFlags } from './use-role-flags.ts';

interface SideMenuProps {
  /** Called after an entry is chosen, so the small-screen drawer can close. */
  onNavigate: () => void;
}

export function SideMenu({ onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const roles = useRoleFlags();
  const user = useSession((state) => state.user);
  const [profileOpen, setProfileOpen] = useState(false);
  const adminHeadingId = useId();
  const adminEntries = adminMenuEntriesFor((permission: Permission) => userHasPermission(user, permission));
  const entryLink = (entry: MenuEntry | AdminMenuEntry) => (
    <ListItem key={entry.path} disablePadding>
      <ListItemButton
        component={NavLink}
        to={entry.path}
        onClick={onNavigate}
        sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
      >
        <ListItemText primary={t(entry.labelKey)} />
      </ListItemButton>
    </ListItem>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar>
        <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {t('appName')}
        </Typography>
      </Toolbar>
      {canPickOrganisation(roles) ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <OrganisationPicker />
        </Box>
      ) : null}
      <Divider />
      <Box component="nav" aria-label={t('menu.label')}>
        <List>{menuEntriesFor(roles).map(entryLink)}</List>
        {adminEntries.length > 0 ? (
          <>
            {/* The heading sits outside the list: a list may only hold list items (axe "list"). */}
            <ListSubheader id={adminHeadingId} component="h2" disableSticky>
              {t('menu.administration')}
            </ListSubheader>
            <List aria-labelledby={adminHeadingId}>{adminEntries.map(entryLink)}</List>
          </>
        ) : null}
      </Box>
      <Box sx={{ mt: 'auto' }}>
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton aria-haspopup="dialog" onClick={() => setProfileOpen(true)}>
              <ListItemText primary={displayName(user)} secondary={t('menu.account')} />
            </ListItemButton>
          </ListItem>
        </List>
        <Box sx={{ px: 2, pb: 2 }}>
          <LanguageSwitch />
        </Box>
      </Box>
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
    </Box>
  );
}
