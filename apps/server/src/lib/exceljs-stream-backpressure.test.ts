// Breaks on an exceljs (or archiver) upgrade that moves what sheetZipEntry reaches into: the
// shape is checked, the queue it measures must really grow without waiting, and waiting must
// really bound it.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetZipEntry } from './exceljs-stream-backpressure.ts';

function streamingSheet() {
  const out = new PassThrough();
  out.resume();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  return { workbook, sheet: workbook.addWorksheet('Blad1') };
}

const addRows = (sheet: ExcelJS.Worksheet, from: number, count: number) => {
  for (let i = from; i < from + count; i++) {
    sheet.addRow([`Lift ${i}`, `Kerkstraat ${i}`, 'Utrecht', i, new Date(Date.UTC(2020, 0, 1 + (i % 300)))]).commit();
  }
};

describe('sheetZipEntry', () => {
  it('refuses, loudly, a worksheet whose structure it does not know', () => {
    const plain = new ExcelJS.Workbook().addWorksheet('Blad1');
    expect(() => sheetZipEntry(plain)).toThrow(/exceljs's streaming writer changed/);
  });

  it('sees the rows queue without waiting (exceljs ignores backpressure), and the entry is not Node-stream-like', () => {
    const { sheet } = streamingSheet();
    const entry = sheetZipEntry(sheet);
    addRows(sheet, 0, 20_000);
    // The sheet's XML is about 250 bytes a row, 5 MB here: nearly all of it still waits.
    expect(entry.queuedBytes()).toBeGreaterThan(4_000_000);
    // Why waiting on `writableNeedDrain` never worked: archiver's readable-stream 2 lacks it.
    const input = (sheet as unknown as { stream: { pipes: [Record<string, unknown>] } }).stream.pipes[0];
    expect(input.writableNeedDrain).toBeUndefined();
  });

  it('waiting after each batch keeps the queue within a batch and a few 64 KB chunks, and the file is whole', async () => {
    const { workbook, sheet } = streamingSheet();
    const entry = sheetZipEntry(sheet);
    const signal = new AbortController().signal;
    let worst = 0;
    let worstAfterWait = 0;
    for (let from = 0; from < 20_000; from += 500) {
      addRows(sheet, from, 500);
      worst = Math.max(worst, entry.queuedBytes());
      await entry.drained(signal);
      worstAfterWait = Math.max(worstAfterWait, entry.queuedBytes());
    }
    // Left after a wait: StreamBuf's unfilled buffer and a chunk on the PassThrough's readable side.
    expect(worstAfterWait).toBeLessThan(3 * 64 * 1024);
    // At worst that plus one batch of 500 rows (about 125 KB of XML), of a 5 MB sheet.
    expect(worst).toBeLessThan(3 * 64 * 1024 + 200_000);
    sheet.commit();
    await workbook.commit();
  });

  it('stops waiting when the signal aborts', async () => {
    const { sheet } = streamingSheet();
    const entry = sheetZipEntry(sheet);
    addRows(sheet, 0, 5_000);
    const closed = new AbortController();
    const waiting = entry.drained(closed.signal);
    closed.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow();
  });
});
