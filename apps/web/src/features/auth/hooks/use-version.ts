import { useEffect, useState } from 'react';
import { isCancelled } from '../../../lib/api-error.ts';
import { log } from '../../../lib/log.ts';
import { getVersion } from '../api/get-version.ts';

type VersionState = { status: 'loading' } | { status: 'success'; version: string } | { status: 'error' };

/** Fetches the version once per mount; the request is cancelled when the page goes away. */
export function useVersion(): VersionState {
  const [state, setState] = useState<VersionState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getVersion(controller.signal).then(
      (version) => setState({ status: 'success', version }),
      (error: unknown) => {
        if (isCancelled(error)) return;
        log.warn('fetching the version failed', error);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, []);

  return state;
}
