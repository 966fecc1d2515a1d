import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SavedReport } from '@liftwacht/contracts/reports';
import { savedReportsQueryOptions } from '../api/saved-reports.ts';

/**
 * A scheduled report too large to mail links to /organisation-report?report={id}: once the user's
 * reports are loaded, that one is shown (once; an id that is not the user's is simply ignored).
 */
export function useReportFromLink(show: (report: SavedReport) => void): void {
  const [params] = useSearchParams();
  const wanted = Number(params.get('report'));
  const { data } = useQuery(savedReportsQueryOptions());
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !data || !Number.isInteger(wanted) || wanted <= 0) return;
    done.current = true;
    const report = data.find((r) => r.id === wanted);
    if (report) show(report);
  }, [data, wanted, show]);
}
