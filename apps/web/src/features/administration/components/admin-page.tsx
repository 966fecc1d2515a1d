import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@liftwacht/contracts/permissions';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { usePermission } from '../../../lib/use-permission.ts';

interface AdminPageProps {
  title: string;
  permission: Permission;
  /** Rendered only with the permission, so a role without it never asks the server. */
  children: ReactNode;
}

/** An administration page: its title, and its content or the no-access notice (as the other gated pages). */
export function AdminPage({ title, permission, children }: AdminPageProps) {
  const { t } = useTranslation('administration');
  const allowed = usePermission(permission);
  return (
    <PageContainer>
      <PageTitle title={title} />
      {allowed ? children : <Typography role="status">{t('noAccess')}</Typography>}
    </PageContainer>
  );
}
