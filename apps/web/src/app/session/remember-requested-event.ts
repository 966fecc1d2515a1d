import i18next from 'i18next';
import { matchPath } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { storeDeepLinkEventId } from '../../lib/session/deep-link-event.ts';
import { routePatterns } from '../paths.ts';

/**
 * Spec §2: someone who opens an event without a (valid) session is told to log in, and the event
 * is remembered so the login leads back to it. Returns whether the path was an event.
 */
export function rememberRequestedEvent(pathname: string): boolean {
  const eventId = matchPath(routePatterns.event, pathname)?.params.eventId;
  if (!eventId) return false;
  storeDeepLinkEventId(eventId);
  // A fixed id: a repeated call (StrictMode, a 401 right after) shows one toast, not two.
  toast.error(i18next.t('auth:deepLink.loginRequired'), { id: 'deep-link-login-required' });
  return true;
}
