import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { takeDeepLinkEventId } from '../../../lib/session/deep-link-event.ts';

/**
 * Spec §2: after login (or a restored session on the root) go to the event the user asked for
 * before logging in, otherwise to the dashboard.
 */
export function PostLoginRedirect() {
  const navigate = useNavigate();
  // The stored event id is consumed once; a second effect run (StrictMode) must not redirect again.
  const redirected = useRef(false);

  useEffect(() => {
    if (redirected.current) return;
    redirected.current = true;
    const eventId = takeDeepLinkEventId();
    void navigate(eventId ? paths.event(eventId) : paths.dashboard, { replace: true });
  }, [navigate]);

  return null;
}
