import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../../lib/api-client.ts';
import { loginPaths, paths } from '../paths.ts';
import { rememberRequestedEvent } from './remember-requested-event.ts';

/** Spec §8: any 401 sends the user to / unless already on / or /login. */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    onUnauthorized(() => {
      // Read at the time of the 401, not of the last render.
      const { pathname } = window.location;
      if (loginPaths.includes(pathname)) return;
      rememberRequestedEvent(pathname);
      void navigate(paths.root, { replace: true });
    });
    return () => {
      onUnauthorized(() => undefined);
    };
  }, [navigate]);
}
