import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { takeDeepLinkEventId, takeLandingPath, takeStickerPath } from '../../../lib/session/deep-link-event.ts';
import { getSessionState } from '../../../lib/session/session-store.ts';

/**
 * Spec §2: after login (or a restored session on the root) go to the event the user asked for
 * before logging in, otherwise to the dashboard. Issue 18: a sticker scanned before the login
 * comes first (its URL locks the session), and a session locked to a lift goes back to that lift.
 * Right after setup the first administrator lands on the get-started checklist.
 */
export function PostLoginRedirect() {
  const navigate = useNavigate();
  // The stored event id is consumed once; a second effect run (StrictMode) must not redirect again.
  const redirected = useRef(false);

  useEffect(() => {
    if (redirected.current) return;
    redirected.current = true;
    const stickerPath = takeStickerPath();
    const landingPath = takeLandingPath();
    const eventId = takeDeepLinkEventId();
    const { lockedLiftId } = getSessionState();
    const fallback = lockedLiftId === null ? paths.dashboard : paths.lift(lockedLiftId);
    const target = stickerPath ?? landingPath ?? (eventId ? paths.event(eventId) : fallback);
    void navigate(target, { replace: true });
  }, [navigate]);

  return null;
}
