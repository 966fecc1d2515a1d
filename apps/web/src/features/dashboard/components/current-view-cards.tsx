import type { CurrentStats } from '@liftwacht/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { useFormats } from '../hooks/use-formats.ts';
import { currentCardsFor } from '../lib/dashboard-cards.ts';
import { CardGrid } from './card-grid.tsx';
import { StatCard } from './stat-card.tsx';

interface CurrentViewCardsProps {
  stats: CurrentStats | undefined;
  /** The figures failed to load: the cards show a dash instead of loading forever. */
  failed: boolean;
  restricted: boolean;
}

/** Spec §2 "Current view cards": eight counts, two of them for client-light users and mechanics. */
export function CurrentViewCards({ stats, failed, restricted }: CurrentViewCardsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormats();
  return (
    <CardGrid>
      {currentCardsFor(restricted).map(({ type }) => {
        const count = stats?.[type];
        const value = count === undefined ? (failed || stats ? t('cards.noValue') : null) : format.count(count);
        return <StatCard key={type} label={t(`cards.${type}`)} value={value} to={paths.statsDetails(type)} />;
      })}
    </CardGrid>
  );
}
