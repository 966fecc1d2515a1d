// The words the form and the lift page show are the words the import takes: every label the web
// shows for a spreadsheet column, in Dutch and English, is one of the contract's names for that
// column (issue 41: "Type installatie" and "In gebruik genomen" had to be typed as "Lifttype").
import { describe, expect, it } from 'vitest';
import {
  liftSheetColumnLabels,
  liftSheetColumnNames,
  liftSheetColumns,
  normaliseHeader,
} from '@liftwacht/contracts/lift-spreadsheets';
import enLifts from '../../../locales/en/lifts.json';
import enSpreadsheets from '../../../locales/en/lift-spreadsheets.json';
import nlLifts from '../../../locales/nl/lifts.json';
import nlSpreadsheets from '../../../locales/nl/lift-spreadsheets.json';

/** The text at a dotted key of a locale file. */
function textAt(resource: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);
}

const languages = [
  { language: 'nl', lifts: nlLifts, spreadsheets: nlSpreadsheets },
  { language: 'en', lifts: enLifts, spreadsheets: enSpreadsheets },
] as const;

describe('the words of the lift form, the lift page and the import', () => {
  for (const { language, lifts, spreadsheets } of languages) {
    it(`${language}: every label the form and the lift page show names its column for the import`, () => {
      for (const column of liftSheetColumns) {
        const label = liftSheetColumnLabels[column];
        if (!('labelKey' in label)) continue;
        const text = textAt(lifts, label.labelKey);
        expect(typeof text, `${column}: lifts:${label.labelKey}`).toBe('string');
        expect(liftSheetColumnNames.get(normaliseHeader(String(text))), `${column}: "${String(text)}"`).toBe(column);
      }
    });

    it(`${language}: the import preview's names of the columns are the import's names too`, () => {
      for (const column of liftSheetColumns) {
        const text = textAt(spreadsheets, `fields.${column}`);
        expect(typeof text, `lift-spreadsheets:fields.${column}`).toBe('string');
        expect(liftSheetColumnNames.get(normaliseHeader(String(text))), `${column}: "${String(text)}"`).toBe(column);
      }
    });
  }

  it('gives no name to two columns', () => {
    const names = liftSheetColumns.flatMap((column) => {
      const { nl, en, aliases } = liftSheetColumnLabels[column];
      return [...new Set([nl, en, ...aliases].map(normaliseHeader))].map((name) => `${name}→${column}`);
    });
    const columnsOf = new Map<string, Set<string>>();
    for (const entry of names) {
      const [name = '', column = ''] = entry.split('→');
      columnsOf.set(name, (columnsOf.get(name) ?? new Set()).add(column));
    }
    expect([...columnsOf].filter(([, columns]) => columns.size > 1)).toEqual([]);
  });
});
