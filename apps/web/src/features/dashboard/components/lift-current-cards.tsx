import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRefetchOnOrganisationChange } from '../../../lib/realtime/hooks/use-refetch-on-organisation-change.ts';
import { currentStateQueryOptions } from '../../../lib/current-state-query.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { liftCurrentCards, type LiftFeatures } from '../lib/lift-cards.ts';
import { CardGrid } from './card-grid.tsx';
import { StatCard } from './stat-card.tsx';

interface LiftCurrentCardsProps extends LiftFeatures {
  liftId: number;
  organisationId: number;
  restricted: boolean;
}

/** Yes/no per current status, from the organisation's current state filtered to this lift. */
export function LiftCurrentCards({ liftId, organisationId, restricted, ...features }: LiftCurrentCardsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  const state = useQuery(currentStateQueryOptions(organisationId));
  useRefetchOnOrganisationChange(organisationId, [currentStateQueryOptions(organisationId).queryKey]);
  // A lift without any status is absent from the answer: every card is "no".
  const statuses = state.data?.find((item) => item.liftId === liftId)?.statuses ?? [];

  return (
    <CardGrid minWidth={180}>
      {liftCurrentCards(features, restricted).map((status) => (
        <StatCard
          key={status}
          label={t(`lift.current.${status}`)}
          value={
            state.isPending
              ? null
              : state.isError
                ? t('cards.noValue')
                : format.yesNo(statuses.some((entry) => entry.status === status))
          }
        />
      ))}
    </CardGrid>
  );
}
