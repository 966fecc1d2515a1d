// The XLSX reader drives steps of exceljs's streaming reader that are not its public API: this
// breaks on an upgrade that renames or removes one, before any upload is refused for it.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { assertReaderSteps } from './xlsx-reader.ts';

describe('assertReaderSteps', () => {
  it('finds every step it drives on the installed exceljs', () => {
    expect(() => assertReaderSteps(ExcelJS.stream.xlsx.WorkbookReader.prototype)).not.toThrow();
  });

  it('names the steps a reader lacks', () => {
    const reader = { _parseRels: () => undefined, _parseWorkbook: () => undefined };
    expect(() => assertReaderSteps(reader)).toThrow(/_parseStyles, _parseSharedStrings, _parseWorksheet/);
  });
});
