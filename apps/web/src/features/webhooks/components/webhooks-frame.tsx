import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { usePermission } from '../../../lib/use-permission.ts';

interface WebhooksFrameProps {
  title: string;
  /** Above the content and the no-access notice alike (a back link). */
  header?: ReactNode;
  /** Rendered only with webhooks.manage, so a role without it never asks the server. */
  children: ReactNode;
}

/** A webhooks page: its title, and its content or the no-access notice (as the other gated pages). */
export function WebhooksFrame({ title, header, children }: WebhooksFrameProps) {
  const { t } = useTranslation('webhooks');
  const allowed = usePermission('webhooks.manage');
  return (
    <PageContainer>
      <PageTitle title={title} />
      {header}
      {allowed ? children : <Typography role="status">{t('noAccess')}</Typography>}
    </PageContainer>
  );
}
