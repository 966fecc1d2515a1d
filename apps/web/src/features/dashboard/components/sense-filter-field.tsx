import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * The senseNotConnected list's filter; its text is kept in the session (senseNotConnectedFilter).
 * Built like the shell's TextInput rather than importing it: that import would split TextInput
 * into a chunk of its own, one more file for the login route at its size budget.
 */
export function SenseFilterField() {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const filter = useSession((state) => state.senseNotConnectedFilter);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 500 }}>
        {t('statsDetails.filter')}
      </Typography>
      <OutlinedInput
        id={id}
        name="senseNotConnectedFilter"
        type="search"
        size="small"
        fullWidth
        value={filter}
        onChange={(event) => sessionActions.setSenseNotConnectedFilter(event.target.value)}
      />
    </Box>
  );
}
