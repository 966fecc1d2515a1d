import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Permission } from '@liftwacht/contracts/permissions';
import { usePermission } from '../lib/use-permission.ts';
import { PageContainer } from './page-container.tsx';
import { PageTitle } from './page-title.tsx';

interface PermissionPageProps {
  title: string;
  permission: Permission;
  /** What a role without the permission reads instead of the content. */
  noAccess: string;
  /** Above the content and the no-access notice alike (a back link). */
  header?: ReactNode;
  /** Rendered only with the permission, so a role without it never asks the server. */
  children: ReactNode;
}

/** A page behind one permission: its title, and its content or the no-access notice. */
export function PermissionPage({ title, permission, noAccess, header, children }: PermissionPageProps) {
  const allowed = usePermission(permission);
  return (
    <PageContainer>
      <PageTitle title={title} />
      {header}
      {allowed ? children : <Typography role="status">{noAccess}</Typography>}
    </PageContainer>
  );
}
