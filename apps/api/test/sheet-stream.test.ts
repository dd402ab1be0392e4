import { ResultCode } from '@shop/domain';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SheetLimitError, tooManyRowsMessage } from '../src/lib/sheet-stream';
import { ImportRejectedError, parseCsv, readSheet } from '../src/lib/spreadsheet';

/**
 * Reading spreadsheets a row at a time (issue #35 item 3): a sheet past the row limit, the unzipped size or the
 * deadline is refused before the rest of it is read, and what is read comes out as exceljs read it.
 */

async function xlsxOf(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('goods');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

function manyRows(n: number): string[][] {
  return Array.from({ length: n }, (_, i) => [`G-${i}`, `商品 ${i}`, `S-${i}`, String(i % 50)]);
}

/** Follows what the reader reports: the most rows and bytes it had read. */
function progress() {
  const seen = { rows: 0, bytes: 0 };
  return {
    seen,
    onProgress: (p: { rows: number; bytes: number }) => {
      seen.rows = Math.max(seen.rows, p.rows);
      seen.bytes = Math.max(seen.bytes, p.bytes);
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected a refusal'),
    (error: unknown) => error,
  );
}

describe('a sheet past the row limit', () => {
  it('an xlsx is refused at the first row too many, before its worksheet is read to the end', async () => {
    const bytes = await xlsxOf([['goodsCode', 'name', 'skuCode', 'stock'], ...manyRows(6000)]);
    const whole = progress();
    const all = await readSheet(bytes, 'xlsx', { onProgress: whole.onProgress });
    expect(all.rows).toHaveLength(6000);

    const { seen, onProgress } = progress();
    const error = await refusal(readSheet(bytes, 'xlsx', { maxRows: 100, onProgress }));
    expect(error).toBeInstanceOf(ImportRejectedError);
    expect((error as ImportRejectedError).errors).toEqual([tooManyRowsMessage(100)]);
    expect(tooManyRowsMessage(100)).toBe('一次最多导入 100 行，本表超过 100 行，请拆分后导入');
    // It stopped early: a fraction of the rows and of the unzipped worksheet were read.
    expect(seen.rows).toBeLessThanOrEqual(101);
    expect(seen.bytes).toBeLessThan(whole.seen.bytes / 3);
  });

  it('a csv is refused the same way, without reading the rest of the file', async () => {
    const text = ['goodsCode,name,skuCode,stock', ...manyRows(6000).map((r) => r.join(','))].join('\n');
    const { seen, onProgress } = progress();
    const error = await refusal(readSheet(Buffer.from(text), 'csv', { maxRows: 100, onProgress }));
    expect((error as ImportRejectedError).errors).toEqual([tooManyRowsMessage(100)]);
    expect(seen.bytes).toBeLessThan(text.length / 3);
    // Exactly the limit is fine; empty rows do not count.
    const atLimit = ['h', ...Array.from({ length: 100 }, (_, i) => `r${i}`), '', ','].join('\r\n');
    expect((await readSheet(Buffer.from(atLimit), 'csv', { maxRows: 100 })).rows).toHaveLength(100);
  });
});

describe('an xlsx that unzips to too much', () => {
  it('a zip bomb is refused once the unzipped bytes pass the bound, not after inflating it all', async () => {
    const head =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
    const filler = ' '.repeat(32 * 1024 * 1024);
    const bomb = zipSync(
      {
        '[Content_Types].xml': strToU8('<Types/>'),
        '_rels/.rels': strToU8(
          '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
        'xl/workbook.xml': strToU8(
          '<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': strToU8(`${head}${filler}</t></is></c></row></sheetData></worksheet>`),
      },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { seen, onProgress } = progress();
    const error = await refusal(readSheet(bomb, 'xlsx', { maxUnzippedBytes: 4 * 1024 * 1024, onProgress }));
    expect(error).toBeInstanceOf(SheetLimitError);
    expect(error).toMatchObject({
      code: ResultCode.PayloadTooLarge,
      message: '表格解压后超过 4 MB，请拆分后导入',
    });
    expect(seen.bytes).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('a sheet that takes too long', () => {
  it('is refused past the deadline with a message, measured on the given clock', async () => {
    const text = ['a,b', ...manyRows(3000).map((r) => r.join(','))].join('\n');
    let now = 0;
    const error = await refusal(
      readSheet(Buffer.from(text), 'csv', {
        deadlineMs: 1000,
        // Each look at the clock is 400 ms later: the third slice is past the deadline.
        now: () => {
          now += 400;
          return now;
        },
      }),
    );
    expect(error).toBeInstanceOf(SheetLimitError);
    expect((error as SheetLimitError).message).toBe('读取表格超过 1 秒仍未读完，已停止，请拆分后导入');
  });
});

describe('reading a row at a time reads what a whole read did', () => {
  it('csv split anywhere gives the same records (quotes, doubled quotes, CRLF, BOM)', async () => {
    const text = '\uFEFFa,b,c\r\n"x, ""y""",2,"多\r\n行"\r\n,,\n"",z,"end"""\n3,4';
    const expected = [
      ['a', 'b', 'c'],
      ['x, "y"', '2', '多\r\n行'],
      ['', '', ''],
      ['', 'z', 'end"'],
      ['3', '4'],
    ];
    expect(parseCsv(text)).toEqual(expected);
    const bytes = Buffer.from(text);
    const table = await readSheet(bytes, 'csv');
    expect(table.header).toEqual(['a', 'b', 'c']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['x, "y"', '2', '多\r\n行'] },
      { row: 4, cells: ['', 'z', 'end"'] },
      { row: 5, cells: ['3', '4'] },
    ]);
  });

  it('an xlsx gives the cells exceljs gives: shared and inline strings, rich text, numbers, formulas, entities', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('goods');
    sheet.addRow(['goodsCode', 'name', 'AUD@37', 'stock', 'onShelf', 'note']);
    sheet.addRow(['AU-1', 'A & B <c> "d"', 29.99, 100, true, { richText: [{ text: '红' }, { text: '色' }] }]);
    sheet.addRow(['AU-2', '  spaced  ', { formula: '1+1', result: 2 }, 0, false, 'x']);
    sheet.addRow([]);
    sheet.getCell('A6').value = 'AU-3';
    sheet.getCell('D6').value = 7;
    const bytes = Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
    const table = await readSheet(bytes, 'xlsx');
    expect(table.header).toEqual(['goodsCode', 'name', 'AUD@37', 'stock', 'onShelf', 'note']);
    expect(table.rows).toEqual([
      { row: 2, cells: ['AU-1', 'A & B <c> "d"', '29.99', '100', 'true', '红色'] },
      { row: 3, cells: ['AU-2', 'spaced', '2', '0', 'false', 'x'] },
      { row: 6, cells: ['AU-3', '', '', '7', '', ''] },
    ]);
  });

  it('a file that is not what it says is an error, not rows', async () => {
    await expect(readSheet(Buffer.from('not a zip at all'), 'xlsx')).rejects.toThrow();
    await expect(readSheet(Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'csv')).rejects.toThrow();
  });
});
