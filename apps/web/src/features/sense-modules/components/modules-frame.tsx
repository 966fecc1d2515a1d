import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionPage } from '../../../components/permission-page.tsx';

/** A modules page: its title, and its content or the no-access notice (modules.manage). */
export function ModulesFrame(props: { title: string; header?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('sense-modules');
  return <PermissionPage permission="modules.manage" noAccess={t('noAccess')} {...props} />;
}
