import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { TextInput } from '../../../components/text-input.tsx';
import { formSx } from './form-sx.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';

interface ResetRequestFormProps {
  onBackToLogin: () => void;
}

/** "Forgot password": asks for a reset mail (spec §2, §5, §8). */
export function ResetRequestForm({ onBackToLogin }: ResetRequestFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const resetRequest = useAsyncAction(requestPasswordReset);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    // Spec §5: an empty field sends nothing.
    if (address === '') return;
    void resetRequest.run(address).then((outcome) => {
      if (outcome === 'succeeded') {
        toast.success(t('resetRequest.success'));
        onBackToLogin();
      } else if (outcome === 'failed') {
        toast.error(t('resetRequest.failed'));
      }
    });
  };

  return (
    <Box component="form" onSubmit={submit} sx={formSx}>
      <Typography variant="body2">{t('resetRequest.intro')}</Typography>
      <TextInput
        label={t('resetRequest.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={resetRequest.isPending}>
        {t('resetRequest.submit')}
      </Button>
      <Button variant="text" onClick={onBackToLogin} sx={{ alignSelf: 'flex-start' }}>
        {t('resetRequest.backToLogin')}
      </Button>
    </Box>
  );
}
