import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { liftSchema } from '@liftwacht/contracts/lifts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { conflictCurrent, hasErrorCode } from '../../../lib/form-errors.ts';
import { liftQueryOptions } from '../api/get-lift.ts';

/**
 * A lift action that failed (decommission, return to service), in words. A conflict means someone
 * saved the lift meanwhile: the page takes the current lift from the answer, so trying again
 * starts from its version.
 */
export function useLiftSaveProblem() {
  const { t } = useTranslation('lifts');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);

  const report = (error: unknown) => {
    const current = conflictCurrent(error, liftSchema);
    if (current) {
      client.setQueryData(liftQueryOptions(String(current.id)).queryKey, current);
      setProblem(t('manage.conflict'));
    } else if (hasErrorCode(error, 'conflict')) {
      void client.invalidateQueries({ queryKey: ['lifts', 'detail'] });
      setProblem(t('manage.conflict'));
    } else if (hasErrorCode(error, 'forbidden')) {
      setProblem(t('form.forbidden'));
    } else {
      setProblem(t('manage.failed', { message: apiErrorMessage(error, tc) }));
    }
  };

  return { problem, report, clear: () => setProblem(null) };
}
