import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionPage } from '../../../components/permission-page.tsx';

/** A webhooks page: its title, and its content or the no-access notice (webhooks.manage). */
export function WebhooksFrame(props: { title: string; header?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('webhooks');
  return <PermissionPage permission="webhooks.manage" noAccess={t('noAccess')} {...props} />;
}
