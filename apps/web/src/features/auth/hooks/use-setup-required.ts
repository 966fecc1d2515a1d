import { useEffect, useState } from 'react';
import { isCancelled } from '../../../lib/api-error.ts';
import { log } from '../../../lib/log.ts';
import { getSetupStatus } from '../api/get-setup-status.ts';

/**
 * Whether the login page should offer "Create the first administrator": asked once per mount, and
 * false until the server says otherwise (an older server, or a failure, offers nothing).
 */
export function useSetupRequired(): boolean {
  const [required, setRequired] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getSetupStatus(controller.signal).then(setRequired, (error: unknown) => {
      if (!isCancelled(error)) log.info('asking whether setup is required failed', error);
    });
    return () => controller.abort();
  }, []);

  return required;
}
