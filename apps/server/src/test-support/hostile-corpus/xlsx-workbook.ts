// The parts of a minimal .xlsx (one worksheet, shared strings) as Excel writes them, generated row
// by row so a million-row sheet or a ten-mebibyte shared string never sits in memory as one string,
// plus any extra entries an attacker adds to the package.
import { deflatedEntry, repeatedByteEntry, zipArchive, type ZipEntry } from './zip-archive.ts';

/** A cell: a shared-string index (`{ s }`), a number, or inline text. */
export type XlsxCell = { s: number } | number | string | null;

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/octet-stream"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;

const packageRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Liften" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A1-style column letters of a 0-based column index. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(cell: XlsxCell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return `<c r="${ref}"><v>${String(cell)}</v></c>`;
  if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
  return `<c r="${ref}" t="s"><v>${String(cell.s)}</v></c>`;
}

const sheetHead =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const sheetTail = '</sheetData></worksheet>';

/** Rows as worksheet XML, a few thousand rows a chunk. */
function* sheetXml(rows: Iterable<readonly XlsxCell[]>, tail = sheetTail): Generator<string> {
  yield sheetHead;
  let chunk = '';
  let number = 0;
  for (const cells of rows) {
    number++;
    chunk += `<row r="${String(number)}">${cells.map((cell, i) => cellXml(cell, `${columnLetters(i)}${String(number)}`)).join('')}</row>`;
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}${tail}`;
}

/** The shared strings; each string may come in pieces (a 10 MiB string is a generator of chunks). */
function* sharedStringsXml(strings: readonly (string | (() => Iterable<string>))[]): Generator<string> {
  const count = String(strings.length);
  // Pieces gathered into chunks of ~256 KiB: a million tiny writes would make the deflate stream crawl.
  let chunk = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`;
  for (const text of strings) {
    chunk += '<si><t>';
    if (typeof text === 'string') chunk += escapeXml(text);
    else
      for (const piece of text()) {
        yield chunk;
        chunk = escapeXml(piece);
      }
    chunk += '</t></si>';
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</sst>`;
}

export interface XlsxSpec {
  rows: Iterable<readonly XlsxCell[]>;
  sharedStrings?: readonly (string | (() => Iterable<string>))[];
  /**
   * Whitespace after the rows, inside sheetData (valid XML), so the worksheet itself inflates to
   * `bytes` more: the part the import must read. `declaredSize` is what its headers claim.
   */
  sheetPadding?: { bytes: number; declaredSize?: number };
  /** Parts an attacker adds beside the workbook (a part nobody reads still has to be skipped). */
  extraEntries?: readonly ZipEntry[];
}

function sheetEntry(spec: XlsxSpec): Promise<ZipEntry> {
  const name = 'xl/worksheets/sheet1.xml';
  const padding = spec.sheetPadding;
  if (!padding) return deflatedEntry(name, sheetXml(spec.rows));
  const head = [...sheetXml(spec.rows, '')].join('');
  const entry = repeatedByteEntry(name, padding.bytes, { byte: 0x20, head, tail: sheetTail });
  return Promise.resolve(padding.declaredSize === undefined ? entry : { ...entry, declaredSize: padding.declaredSize });
}

export async function xlsxPackage(spec: XlsxSpec): Promise<Buffer> {
  const entries: ZipEntry[] = [
    await deflatedEntry('[Content_Types].xml', [contentTypes]),
    await deflatedEntry('_rels/.rels', [packageRels]),
    await deflatedEntry('xl/workbook.xml', [workbook]),
    await deflatedEntry('xl/_rels/workbook.xml.rels', [workbookRels]),
    await deflatedEntry('xl/sharedStrings.xml', sharedStringsXml(spec.sharedStrings ?? [])),
    await sheetEntry(spec),
    ...(spec.extraEntries ?? []),
  ];
  return zipArchive(entries);
}
