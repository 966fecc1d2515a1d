import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field.tsx';

interface LiftSearchBoxProps {
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses (or on Enter) with the trimmed text. */
  onSearch: (search: string) => void;
}

/** The lifts list's free-text search. */
export function LiftSearchBox({ value, onSearch }: LiftSearchBoxProps) {
  const { t } = useTranslation('lifts');
  return (
    <SearchField
      label={t('list.searchLabel')}
      placeholder={t('list.searchPlaceholder')}
      minWidth={360}
      value={value}
      onSearch={onSearch}
    />
  );
}
