import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { signedInPages } from '../routes/signed-in-pages.tsx';
import { SignedInPagesContext } from './signed-in-page.tsx';
import { ComponentBoundary } from '../../components/component-boundary.tsx';
import { MenuIcon } from '../../components/icons/menu-icon.tsx';
import { PageBoundary } from '../../components/page-boundary.tsx';
import { LockedLiftBanner } from '../../features/lift-stickers/components/locked-lift-banner.tsx';
import { LiftHeaderStrip } from '../../features/lifts/components/lift-header-strip.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { TooManySocketsNotice } from '../../lib/realtime/components/too-many-sockets-notice.tsx';
import { SideMenu } from './side-menu.tsx';

/** Spec §2: the menu is 220 px wide; below the medium breakpoint it becomes a temporary drawer. */
export const drawerWidth = 220;

/** The signed-in shell: side menu, optional lift header strip and the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { liftId } = useParams();
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        {isDesktop ? null : (
          <AppBar position="fixed">
            <Toolbar>
              <IconButton
                color="inherit"
                edge="start"
                aria-label={t('menu.open')}
                onClick={() => setDrawerOpen(true)}
                sx={{ mr: 1 }}
              >
                <MenuIcon />
              </IconButton>
              <Typography variant="h6" component="p">
                {t('appName')}
              </Typography>
            </Toolbar>
          </AppBar>
        )}
        <Drawer
          variant={isDesktop ? 'permanent' : 'temporary'}
          open={isDesktop || drawerOpen}
          onClose={closeDrawer}
          sx={{ width: drawerWidth, flexShrink: 0 }}
          slotProps={{
            root: { keepMounted: true },
            paper: { sx: { width: drawerWidth, boxSizing: 'border-box' } },
          }}
        >
          <SideMenu onNavigate={closeDrawer} />
        </Drawer>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          {isDesktop ? null : <Toolbar />}
          <LockedLiftBanner />
          <TooManySocketsNotice />
          {liftId ? (
            <ComponentBoundary>
              <LiftHeaderStrip liftId={liftId} />
            </ComponentBoundary>
          ) : null}
          <PageBoundary>
            {/* Keeps the menu in place while a page's code loads. */}
            <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
              <SignedInPagesContext.Provider value={signedInPages}>
                <Outlet />
              </SignedInPagesContext.Provider>
            </Suspense>
          </PageBoundary>
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
