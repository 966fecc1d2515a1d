import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * An organisation's name from the picker's list (GET /organisation: every organisation for a
 * system-admin, own plus served ones for others), so the tables need no request of their own.
 */
export function useOrganisationName(): (id: number | null) => string {
  const { t } = useTranslation('sense-modules');
  const organisations = useSession((state) => state.organisationList);
  return useCallback(
    (id) => {
      if (id === null) return '—';
      return (
        organisations.find((organisation) => organisation.id === id)?.name ?? t('list.unknownOrganisation', { id })
      );
    },
    [organisations, t],
  );
}
