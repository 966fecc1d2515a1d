import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { sessionActions } from '../../../lib/session/session-store.ts';
import { stickerLiftId } from '../lib/sticker-lift-id.ts';

/**
 * A lift page opened through its sticker (`?sticker=1`) locks the session to that lift (spec §3
 * lockedLiftId); the marker then leaves the URL, so a reload or a shared link does not lock again.
 */
export function useStickerLock(pathname: string): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const liftId = stickerLiftId(pathname, searchParams);

  useEffect(() => {
    if (liftId === null) return;
    sessionActions.setLockedLiftId(liftId);
    setSearchParams(
      (params) => {
        params.delete('sticker');
        return params;
      },
      { replace: true },
    );
  }, [liftId, setSearchParams]);
}
