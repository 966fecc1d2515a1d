import { useCallback, useEffect, useRef, useState } from 'react';
import type { SavedReport } from '@liftwacht/contracts/reports';

export interface ShownReport {
  report: SavedReport;
  pdf: Blob;
  /** Object URL of the PDF, for the preview; revoked when another report is shown or the page closes. */
  url: string;
}

/** The report the page previews, with its object URL's lifetime. */
export function useShownReport(): [ShownReport | null, (report: SavedReport, pdf: Blob) => void] {
  const [shown, setShown] = useState<ShownReport | null>(null);
  const current = useRef<ShownReport | null>(null);
  const show = useCallback((report: SavedReport, pdf: Blob) => {
    const next = { report, pdf, url: URL.createObjectURL(pdf) };
    if (current.current) URL.revokeObjectURL(current.current.url);
    current.current = next;
    setShown(next);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current.url);
    },
    [],
  );
  return [shown, show];
}
