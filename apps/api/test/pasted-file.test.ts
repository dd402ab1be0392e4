import { readFile } from 'node:fs/promises';
import { PASTE_LIMITS, ResultCode, readPastedLines } from '@shop/domain';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { type PastedFile, PastedFileMessages, pastedFileText } from '../src/lib/pasted-file';

/**
 * A buyer's order file read into the text the paste reader reads (issue #37 part 3): files are built here as Excel,
 * Notepad and WPS on a Chinese Windows save them, and every refusal is a Chinese message with its code.
 */

const file = (bytes: Uint8Array | string, fileName: string, mimeType?: string): PastedFile => ({
  bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
  fileName,
  ...(mimeType ? { mimeType } : {}),
});

/** The lines the paste reader reads from a file, as [line, code, qty]. */
async function linesOf(upload: PastedFile) {
  const read = readPastedLines(await pastedFileText(upload));
  if ('problem' in read) throw new Error(read.problem);
  return read.lines.map(({ line, code, qty, problem }) =>
    problem ? [line, code, qty, problem] : [line, code, qty],
  );
}

async function refusal(upload: PastedFile): Promise<{ code: number; message: string }> {
  const error = await pastedFileText(upload).then(
    () => new Error('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, message } = error as AppError;
  return { code, message };
}

/** GB18030 as Excel on a Chinese Windows saves a CSV: a table of the two-byte codes, built from the decoder. */
const gb18030 = (() => {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('gb18030');
  for (let lead = 0x81; lead <= 0xfe; lead += 1)
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(new Uint8Array([lead, trail]));
      if (char.length === 1 && !table.has(char)) table.set(char, [lead, trail]);
    }
  return (text: string) =>
    Uint8Array.from(
      [...text].flatMap((char) => {
        const code = char.charCodeAt(0);
        if (code < 0x80) return [code];
        const bytes = table.get(char);
        if (!bytes) throw new Error(`no GB18030 bytes for ${char}`);
        return bytes;
      }),
    );
})();

async function xlsxOf(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('订单'));
  book.addWorksheet('说明').addRow(['NOT-READ', 99]);
  return Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
}

describe('CSV and text files', () => {
  const csv =
    'SKU编码,商品名称,数量\r\nAU-MILK-01,"爱他美, 金装\r\n900g",24\r\nCN-TEA-07,"西湖""龙井""",6\r\n\r\n';

  it('UTF-8 without a BOM: quoted cells with a comma, a line break and quotes stay in their row', async () => {
    const text = await pastedFileText(file(csv, 'order.csv', 'text/csv'));
    expect(text).toBe('SKU编码\t商品名称\t数量\nAU-MILK-01\t爱他美, 金装 900g\t24\nCN-TEA-07\t西湖"龙井"\t6');
    expect(await linesOf(file(csv, 'order.csv'))).toEqual([
      [2, 'AU-MILK-01', 24],
      [3, 'CN-TEA-07', 6],
    ]);
  });

  it("UTF-8 with a BOM (Excel's 'CSV UTF-8'): the BOM is dropped, so the header is still a header", async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]);
    const text = await pastedFileText(file(bytes, 'order.csv'));
    expect(text.startsWith('SKU编码\t')).toBe(true);
    expect(await linesOf(file(bytes, 'order.csv'))).toEqual([
      [2, 'AU-MILK-01', 24],
      [3, 'CN-TEA-07', 6],
    ]);
  });

  it('GB18030, as Excel on a Chinese Windows saves a CSV', async () => {
    expect([...gb18030('箱')]).toEqual([0xcf, 0xe4]);
    const bytes = gb18030('商品编码,数量,备注\r\nAU-MILK-01,2箱,要新日期\r\nCN-TEA-07,6,"龙井,明前"\r\n');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(await pastedFileText(file(bytes, '订单.csv', 'application/vnd.ms-excel'))).toBe(
      '商品编码\t数量\t备注\nAU-MILK-01\t2箱\t要新日期\nCN-TEA-07\t6\t龙井,明前',
    );
    expect(await linesOf(file(bytes, '订单.csv'))).toEqual([
      [2, 'AU-MILK-01', 2],
      [3, 'CN-TEA-07', 6],
    ]);
  });

  it("UTF-16 with its BOM (Excel's 'Unicode text'), tab-separated", async () => {
    const text = '商品编码\t数量\r\nAU-MILK-01\t24\r\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(await linesOf(file(bytes, '订单.txt'))).toEqual([[2, 'AU-MILK-01', 24]]);
  });

  it('a .txt is read as it was pasted, commas and all; a GB18030 one too', async () => {
    const chat = '王姐：AU-MILK-01 1,200件\nCN-TEA-07 × 6 👍\n';
    expect(await pastedFileText(file(chat, 'wechat.txt'))).toBe(chat);
    expect(await linesOf(file(gb18030('王姐：AU-MILK-01 24箱\nCN-TEA-07，6'), 'wechat.TXT'))).toEqual([
      [1, 'AU-MILK-01', 24],
      [2, 'CN-TEA-07', 6],
    ]);
  });

  it('a name without an extension is read by its declared type; a Windows path is only a name', async () => {
    expect(await pastedFileText(file('a,1', 'order', 'text/csv'))).toBe('a\t1');
    expect(await pastedFileText(file('a,1', 'order', 'text/plain'))).toBe('a,1');
    expect(await pastedFileText(file('a,1', 'C:\\fakepath\\ORDER.CSV'))).toBe('a\t1');
    expect(await refusal(file('a,1', 'order', 'image/png'))).toEqual({
      code: ResultCode.UnsupportedMediaType,
      message: PastedFileMessages.wrongType,
    });
  });

  it('bytes that are neither UTF-8 nor GB18030, or not text at all, are refused', async () => {
    expect(await refusal(file(new Uint8Array([0x41, 0xff, 0xff, 0x42]), 'order.csv'))).toEqual({
      code: ResultCode.BadRequest,
      message: PastedFileMessages.unreadableText,
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(await refusal(file(png, 'order.csv'))).toMatchObject({
      message: PastedFileMessages.unreadableText,
    });
  });

  it('past the line limit is refused whole; a header and the limit are fine', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i},1`);
    const atLimit = ['商品编码,数量', ...rows(PASTE_LIMITS.lines)].join('\n');
    expect(await linesOf(file(atLimit, 'order.csv'))).toHaveLength(PASTE_LIMITS.lines);
    const over = ['商品编码,数量', ...rows(PASTE_LIMITS.lines + 1)].join('\n');
    expect(await refusal(file(over, 'order.csv'))).toEqual({
      code: ResultCode.ParamsError,
      message: '文件最多1000行，请拆分后分批上传',
    });
    expect(await refusal(file(rows(PASTE_LIMITS.lines + 2).join('\n'), 'order.txt'))).toMatchObject({
      message: PastedFileMessages.tooManyRows,
    });
  });
});

describe('xlsx workbooks', () => {
  it('the first worksheet: numbers, text, shared and rich text, a formula’s result, a cell with a line break', async () => {
    const bytes = await xlsxOf((sheet) => {
      sheet.addRow(['商品编码', '商品名称', '数量', '单价']);
      sheet.addRow(['AU-MILK-01', '爱他美金装\n900g', 24, 189.5]);
      sheet.addRow([
        'CN-TEA-07',
        { richText: [{ text: '西湖' }, { text: '龙井', font: { bold: true } }] },
        6,
        128,
      ]);
      sheet.addRow(['AU-MILK-02', '爱他美', { formula: '2*12', result: 24 }, 189.5]);
      sheet.getCell('A7').value = 9300605000108;
      sheet.getCell('C7').value = 1200;
    });
    expect(await pastedFileText(file(bytes, '订单.xlsx'))).toBe(
      [
        '商品编码\t商品名称\t数量\t单价',
        'AU-MILK-01\t爱他美金装 900g\t24\t189.5',
        'CN-TEA-07\t西湖龙井\t6\t128',
        'AU-MILK-02\t爱他美\t24\t189.5',
        '',
        '',
        '9300605000108\t\t1200',
      ].join('\n'),
    );
    // Line numbers are the sheet's row numbers, so a problem names the row the buyer sees.
    expect(await linesOf(file(bytes, '订单.xlsx'))).toEqual([
      [2, 'AU-MILK-01', 24],
      [3, 'CN-TEA-07', 6],
      [4, 'AU-MILK-02', 24],
      [7, '9300605000108', 1200],
    ]);
  });

  it('a workbook whose first sheet is empty is refused with where to put the lines', async () => {
    const bytes = await xlsxOf(() => {});
    expect(await refusal(file(bytes, 'order.xlsx'))).toEqual({
      code: ResultCode.ParamsError,
      message: PastedFileMessages.emptySheet,
    });
  });

  it('a broken workbook gets a Chinese message, never what the zip got wrong', async () => {
    const whole = await xlsxOf((sheet) => sheet.addRow(['AU-MILK-01', 24]));
    const broken = [
      whole.subarray(0, Math.floor(whole.length / 2)),
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
      zipSync({ 'readme.txt': strToU8('not a workbook') }),
    ];
    for (const bytes of broken)
      expect(await refusal(file(bytes, 'order.xlsx'))).toEqual({
        code: ResultCode.BadRequest,
        message: PastedFileMessages.brokenXlsx,
      });
    expect(await refusal(file('<html><table></table></html>', 'order.xlsx'))).toEqual({
      code: ResultCode.BadRequest,
      message: PastedFileMessages.brokenXlsx,
    });
  });

  it('more rows than the limit are refused at the first row too many', async () => {
    const rows = (n: number) => (sheet: ExcelJS.Worksheet) => {
      sheet.addRow(['商品编码', '数量']);
      for (let i = 0; i < n; i += 1) sheet.addRow([`SKU-${i}`, i + 1]);
    };
    const atLimit = await xlsxOf(rows(PASTE_LIMITS.lines));
    expect(await linesOf(file(atLimit, 'order.xlsx'))).toHaveLength(PASTE_LIMITS.lines);
    // 20,000 rows in a third of a megabyte; reading stops at row 1,002, long before the end.
    const many = await xlsxOf(rows(20_000));
    expect(many.length).toBeLessThan(PASTE_LIMITS.bytes);
    const started = performance.now();
    expect(await refusal(file(many, 'order.xlsx'))).toEqual({
      code: ResultCode.ParamsError,
      message: PastedFileMessages.tooManyRows,
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a zip bomb is refused once it unzips past the bound, not after inflating it all', async () => {
    const head =
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
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
        'xl/worksheets/sheet1.xml': strToU8(
          `${head}${' '.repeat(64 * 1024 * 1024)}</t></is></c></row></sheetData></worksheet>`,
        ),
      },
      { level: 9 },
    );
    // 64 MB of worksheet in a file of about 64 KB: refused at the order file's 16 MB, below the goods import's 64 MB.
    expect(bomb.length).toBeLessThan(PASTE_LIMITS.bytes / 10);
    expect(await refusal(file(bomb, 'order.xlsx'))).toEqual({
      code: ResultCode.PayloadTooLarge,
      message: PastedFileMessages.xlsxTooBig,
    });
  });
});

describe('files the shop does not read', () => {
  const ole = Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(504),
  ]);

  it('an old .xls: save it as .xlsx or CSV', async () => {
    const oldExcel = { code: ResultCode.UnsupportedMediaType, message: PastedFileMessages.oldExcel };
    expect(await refusal(file(ole, '订单.xls'))).toEqual(oldExcel);
    expect(await refusal(file('<table><tr><td>AU-MILK-01</td></tr></table>', 'export.XLS'))).toEqual(
      oldExcel,
    );
    expect(await refusal(file(ole, 'order.csv'))).toEqual(oldExcel);
    expect(await refusal(file(ole, 'order', 'application/vnd.ms-excel'))).toEqual(oldExcel);
    expect(PastedFileMessages.oldExcel).toBe(
      '不支持旧版 Excel（.xls）文件，请在 Excel 中“另存为” .xlsx 或 CSV 后上传',
    );
  });

  it('a workbook under a password', async () => {
    expect(await refusal(file(ole, 'order.xlsx'))).toEqual({
      code: ResultCode.UnsupportedMediaType,
      message: PastedFileMessages.encryptedExcel,
    });
  });

  it('another kind of file, or a workbook renamed .csv', async () => {
    for (const name of ['order.pdf', 'order.png', 'order.docx', 'order.numbers'])
      expect(await refusal(file('%PDF-1.7', name))).toEqual({
        code: ResultCode.UnsupportedMediaType,
        message: '仅支持 .xlsx、.csv 或 .txt 文件',
      });
    const xlsx = await xlsxOf((sheet) => sheet.addRow(['AU-MILK-01', 24]));
    expect(await refusal(file(xlsx, 'order.csv'))).toEqual({
      code: ResultCode.UnsupportedMediaType,
      message: PastedFileMessages.mismatch,
    });
    // Without a name's extension, the bytes say it is a workbook.
    expect(await pastedFileText(file(xlsx, 'order'))).toBe('AU-MILK-01\t24');
  });

  it('over 1 MB, before it is read', async () => {
    const big = Buffer.alloc(PASTE_LIMITS.bytes + 1, 'A');
    expect(await refusal(file(big, 'order.csv'))).toEqual({
      code: ResultCode.PayloadTooLarge,
      message: '文件不能超过1MB，请分批上传',
    });
    expect(await refusal(file(big, 'order.xls'))).toMatchObject({ code: ResultCode.PayloadTooLarge });
  });

  it('an empty file, or one of blank lines only', async () => {
    const empty = { code: ResultCode.ParamsError, message: '文件是空的，请填好商品编码和数量后再上传' };
    expect(await refusal(file(new Uint8Array(), 'order.csv'))).toEqual(empty);
    expect(await refusal(file('\uFEFF\r\n , \r\n', 'order.csv'))).toEqual(empty);
    expect(await refusal(file(new Uint8Array(), 'order.xlsx'))).toEqual(empty);
  });
});

describe("the storefront's order template", () => {
  it('is a UTF-8 CSV with a BOM (so Excel shows the Chinese header) that reads as its two example lines', async () => {
    const bytes = await readFile(new URL('../../web/public/order-paste-template.csv', import.meta.url));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await linesOf(file(bytes, 'order-paste-template.csv'))).toEqual([
      [2, 'AU-BLACKM-0034-01', 24],
      [3, 'AU-BLACKM-0034-02', 6],
    ]);
  });
});
