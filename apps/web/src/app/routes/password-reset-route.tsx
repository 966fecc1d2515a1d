import { useParams } from 'react-router';
import { PasswordResetPage } from '../../features/auth/components/password-reset-page.tsx';

/** `/password-reset/{token}`, the link in the reset mail. */
export function PasswordResetRoute() {
  const { token = '' } = useParams();
  return <PasswordResetPage token={token} />;
}
