import type { LoginRequest } from '@liftwacht/contracts/auth';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { useAsyncAction } from '../../../lib/use-async-action.ts';
import { login } from '../api/login.ts';

/**
 * Spec §4 "Login status": pending while the call runs, then logged in (the token is stored and
 * the session starts) or error. Restoring the profile and redirecting follow from the new token.
 */
export function useLogin() {
  return useAsyncAction(async (credentials: LoginRequest) => {
    sessionActions.login(await login(credentials));
  });
}
