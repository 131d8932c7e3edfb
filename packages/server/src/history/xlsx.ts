/**
 * A minimal SpreadsheetML workbook (.xlsx) written as a stream: the package parts
 * ([Content_Types].xml, the relationships, the workbook) and one worksheet whose rows are zipped
 * as they arrive (fflate's streaming Zip), so a sheet of a million rows never sits in memory.
 * Text cells are inline strings; numbers are plain numeric cells. The header row is frozen.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';

export type Cell = string | number | null;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';

const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELS}">` +
  `<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELS}">` +
  `<Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  '</Relationships>';

function workbook(sheetName: string): string {
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}">` +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

const SHEET_HEAD =
  `${XML_HEAD}<worksheet xmlns="${MAIN}">` +
  '<sheetViews><sheetView workbookViewId="0">' +
  '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '</sheetView></sheetViews>' +
  '<cols><col min="1" max="1" width="20" customWidth="1"/></cols>' +
  '<sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** Characters XML 1.0 does not allow at all; dropped from text. */
// eslint-disable-next-line no-control-regex -- those are control characters
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function cellXml(cell: Cell, ref: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  }
  const space = /^\s|\s$/.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(cell)}</t></is></c>`;
}

function rowXml(cells: readonly Cell[], row: number, columns: readonly string[]): string {
  let xml = `<row r="${row}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(cells[i]!, `${columns[i]!}${row}`);
  return `${xml}</row>`;
}

const SHEET_CHUNK = 64 * 1024;

/**
 * The workbook's bytes, in pieces, for the header then each row of `rows`. Each row must have
 * as many cells as the header (null for an empty cell).
 */
export async function* xlsxChunks(
  header: readonly string[],
  rows: AsyncIterable<readonly Cell[]>,
  sheetName = 'History',
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* (): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  };
  const whole = (name: string, text: string): void => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  whole('[Content_Types].xml', CONTENT_TYPES);
  whole('_rels/.rels', ROOT_RELS);
  whole('xl/workbook.xml', workbook(sheetName));
  whole('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);

  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const columns = header.map((_, i) => columnName(i));
  let buffer = SHEET_HEAD + rowXml(header, 1, columns);
  let row = 1;
  for await (const cells of rows) {
    row += 1;
    buffer += rowXml(cells, row, columns);
    if (buffer.length >= SHEET_CHUNK) {
      sheet.push(strToU8(buffer));
      buffer = '';
      yield* drain();
    }
  }
  sheet.push(strToU8(buffer + SHEET_TAIL), true);
  zip.end();
  yield* drain();
}
