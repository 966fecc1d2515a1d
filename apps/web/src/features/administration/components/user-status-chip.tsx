import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@liftwacht/contracts/administration';

const colours = { active: 'success', invited: 'info', disabled: 'default' } as const;

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { t } = useTranslation('administration');
  return <Chip size="small" variant="outlined" color={colours[status]} label={t(`statuses.${status}`)} />;
}
