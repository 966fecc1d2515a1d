import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

interface AuthLayoutProps {
  /** The form's heading, also the document title. */
  title: string;
  children: ReactNode;
}

/** The frame of the signed-out pages (login, password reset). */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}>
      <title>{`${title} – ${t('appName')}`}</title>
      <Box sx={{ width: '100%', maxWidth: 420, p: 4, bgcolor: 'background.paper', borderRadius: 1, boxShadow: 1 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box>
            <Typography variant="h4" component="p" color="primary" sx={{ fontWeight: 700 }}>
              {t('appName')}
            </Typography>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Box>
          {children}
          <LanguageSwitch />
        </Box>
      </Box>
    </Box>
  );
}
