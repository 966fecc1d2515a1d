import { useState } from 'react';
import { readJson, storageKeys, writeJson } from '../../../lib/storage.ts';
import {
  defaultHistoryCheckboxes,
  historyCheckboxesSchema,
  type HistoryCheckboxes,
  type HistorySection,
} from '../lib/history-sections.ts';

/** Which history panels are shown, remembered in the browser for every lift (spec §3). */
export function useHistoryCheckboxes(): [HistoryCheckboxes, (section: HistorySection, shown: boolean) => void] {
  const [checked, setChecked] = useState<HistoryCheckboxes>(
    () => readJson(storageKeys.historyCheckboxes, historyCheckboxesSchema) ?? defaultHistoryCheckboxes,
  );
  const toggle = (section: HistorySection, shown: boolean) => {
    const next = { ...checked, [section]: shown };
    writeJson(storageKeys.historyCheckboxes, next);
    setChecked(next);
  };
  return [checked, toggle];
}
