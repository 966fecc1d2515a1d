import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** Cancel and save of the profile dialog's forms; 44 px high, since mechanics use them on a phone. */
export function ProfileFormActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} sx={{ minHeight: 44 }}>
        {t('profile.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={pending} sx={{ minHeight: 44 }}>
        {t('profile.save')}
      </Button>
    </Box>
  );
}
