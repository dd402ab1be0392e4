import { describe, expect, it } from 'vitest';
import { PASTE_LIMITS, readPastedLines } from '../src/pasted-lines';

const read = (text: string) => {
  const result = readPastedLines(text);
  if ('problem' in result) throw new Error(result.problem);
  return result.lines.map(({ line, code, qty, problem }) =>
    problem ? [line, code, qty, problem] : [line, code, qty],
  );
};

describe('pasted order lines, as buyers copy them', () => {
  it.each([
    [
      'Excel, two columns',
      'AU-MILK-01\t24\nAU-MILK-02\t12',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 12],
      ],
    ],
    [
      'Excel, with its header row and a name column',
      'SKU编码\t商品名称\t数量\r\nAU-MILK-01\t爱他美金装 900g\t24\r\nCN-TEA-07\t西湖龙井\t6\r\n',
      [
        [2, 'AU-MILK-01', 24],
        [3, 'CN-TEA-07', 6],
      ],
    ],
    ['Excel, a thousands separator', 'AU-MILK-01\t1,200', [[1, 'AU-MILK-01', 1200]]],
    ['Excel, empty cells between', 'AU-MILK-01\t\t\t48\t', [[1, 'AU-MILK-01', 48]]],
    ['a comma', 'AU-MILK-01,24', [[1, 'AU-MILK-01', 24]]],
    ['a full-width comma (Chinese input)', 'AU-MILK-01，24', [[1, 'AU-MILK-01', 24]]],
    ['an ideographic comma', 'AU-MILK-01、24', [[1, 'AU-MILK-01', 24]]],
    [
      'full-width letters and digits, an ideographic space',
      'ＡＵ－ＭＩＬＫ－０１　２４',
      [[1, 'AU-MILK-01', 24]],
    ],
    [
      '×, as WeChat messages write it',
      'AU-MILK-01×24\nAU-MILK-02 × 6',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 6],
      ],
    ],
    [
      'x and *',
      'AU-MILK-01x24\nAU-MILK-02*6\nAU-MILK-03 X 2',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 6],
        [3, 'AU-MILK-03', 2],
      ],
    ],
    [
      'a unit after the quantity',
      'AU-MILK-01 24件\nAU-MILK-02 2箱\nAU-MILK-03 10 pcs',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 2],
        [3, 'AU-MILK-03', 10],
      ],
    ],
    ['a colon', 'AU-MILK-01：24', [[1, 'AU-MILK-01', 24]]],
    ['lower case and spaces inside the code', 'au milk 01 24', [[1, 'AUMILK01', 24]]],
    ['a barcode', '9300605000108 12', [[1, '9300605000108', 12]]],
    [
      'blank lines and spaces around',
      '\n  AU-MILK-01  24  \n\n\t\nCN-TEA-07 6\n',
      [
        [2, 'AU-MILK-01', 24],
        [5, 'CN-TEA-07', 6],
      ],
    ],
    ['a text header', 'code,qty\nAU-MILK-01,24', [[2, 'AU-MILK-01', 24]]],
    [
      'old Mac line ends',
      'AU-MILK-01 24\rAU-MILK-02 6',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 6],
      ],
    ],
    [
      'an Excel order form: the header names the columns, a price and an amount after the quantity',
      '序号\t商品名称\t商品编码\t数量\t单价\t金额\r\n1\t爱他美金装 900g\tAU-MILK-01\t24\t189.00\t4,536.00\r\n' +
        '2\t西湖龙井 250g\tCN-TEA-07\t6\t128.00\t768.00\r\n\t\t\t\t合计\t5,304.00\r\n',
      [
        [2, 'AU-MILK-01', 24],
        [3, 'CN-TEA-07', 6],
        [4, '', null, '缺少商品编码'],
      ],
    ],
    [
      'Excel, an English header with the price after the quantity',
      'SKU\tQty\tPrice\nau-milk-01\t12\t29.99\nau-milk-02\t6\t31',
      [
        [2, 'AU-MILK-01', 12],
        [3, 'AU-MILK-02', 6],
      ],
    ],
    [
      'Excel, quantity cells with their unit',
      'AU-MILK-01\t24件\nAU-MILK-02\t2 箱\nAU-MILK-03\t10PCS',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 2],
        [3, 'AU-MILK-03', 10],
      ],
    ],
    [
      'Excel, full-width digits and comma typed into a cell',
      'ＡＵ－ＭＩＬＫ－０１\t１，２００',
      [[1, 'AU-MILK-01', 1200]],
    ],
    [
      'Excel on Windows: CRLF, empty rows at the end',
      'AU-MILK-01\t24\r\nAU-MILK-02\t12\r\n\r\n\t\r\n\r\n',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 12],
      ],
    ],
    [
      'Excel, codes with spaces in and around the cell',
      'AU MILK 01\t24\n au-milk-02 \t 6 ',
      [
        [1, 'AUMILK01', 24],
        [2, 'AU-MILK-02', 6],
      ],
    ],
    [
      'Excel, a name cell with a line break (copied in quotes)',
      'AU-MILK-01\t"爱他美\n金装 900g"\t24\nCN-TEA-07\t"西湖""龙井"""\t6',
      [
        [1, 'AU-MILK-01', 24],
        [3, 'CN-TEA-07', 6],
      ],
    ],
    [
      'barcodes from a scanner into Excel',
      '9300605000108\t12\n6901028075862\t3',
      [
        [1, '9300605000108', 12],
        [2, '6901028075862', 3],
      ],
    ],
    [
      'a chat line with a thousands comma, half- and full-width',
      'AU-MILK-01 1,200件\nCN-TEA-07，2，400',
      [
        [1, 'AU-MILK-01', 1200],
        [2, 'CN-TEA-07', 2400],
      ],
    ],
    [
      'WeChat: emoji and punctuation after the quantity',
      'AU-MILK-01 x 24 👍\nAU-MILK-02 6箱。\nCN-TEA-07*3！🙏🏻',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 6],
        [3, 'CN-TEA-07', 3],
      ],
    ],
    [
      "WeChat: the sender's name before the code",
      '王姐：AU-MILK-01 24箱\n@李老板 CN-TEA-07 6',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'CN-TEA-07', 6],
      ],
    ],
    [
      'WeChat: the product name between the code and the quantity',
      'AU-MILK-01 爱他美金装 900g 24罐\nCN-TEA-07 西湖龙井 x 6\nAU-MILK-02,爱他美,12',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'CN-TEA-07', 6],
        [3, 'AU-MILK-02', 12],
      ],
    ],
    [
      'WeChat: a forwarded chat record with who-and-when lines',
      '王姐 11-30 14:02\nAU-MILK-01 24\n\n李老板 2025/11/30 14:05:31\nCN-TEA-07 6\n',
      [
        [2, 'AU-MILK-01', 24],
        [5, 'CN-TEA-07', 6],
      ],
    ],
    [
      'zero-width spaces, a BOM and a no-break space from a copied message',
      '\uFEFFAU-MILK-01\u200B 24\nAU-MILK-02\u00A06',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'AU-MILK-02', 6],
      ],
    ],
    [
      'a text header naming the code second',
      '商品名称 商品编码 数量\nAU-MILK-01 24',
      [[2, 'AU-MILK-01', 24]],
    ],
    [
      'a CSV opened in Notepad and copied, quotes and all',
      'SKU编码,数量\r\nAU-MILK-01,24\r\n"CN-TEA-07","6"',
      [
        [2, 'AU-MILK-01', 24],
        [3, 'CN-TEA-07', 6],
      ],
    ],
    [
      'text lined up with many spaces, an ideographic space, a spaced unit',
      'AU-MILK-01        24\nCN-TEA-07　2箱\nAU-MILK-02：24 件',
      [
        [1, 'AU-MILK-01', 24],
        [2, 'CN-TEA-07', 2],
        [3, 'AU-MILK-02', 24],
      ],
    ],
  ])('%s', (_name, text, lines) => {
    expect(read(text)).toEqual(lines);
  });

  it.each([
    ['no quantity', 'AU-MILK-01', [[1, 'AU-MILK-01', null, '缺少数量']]],
    [
      'a code that begins like a header',
      'SKU-1\ncode7',
      [
        [1, 'SKU-1', null, '缺少数量'],
        [2, 'CODE7', null, '缺少数量'],
      ],
    ],
    ['a code run into its quantity', 'AU-MILK-0124', [[1, 'AU-MILK-0124', null, '缺少数量']]],
    ['a zero quantity', 'AU-MILK-01 0', [[1, 'AU-MILK-01', null, '数量须为正整数']]],
    [
      'a quantity too large to be one',
      'AU-MILK-01 99999999999999999',
      [[1, 'AU-MILK-01', null, '数量须为正整数']],
    ],
    ['a spreadsheet row without a quantity', 'AU-MILK-01\t爱他美', [[1, 'AU-MILK-01', null, '缺少数量']]],
    ['a spreadsheet row without a code', '\t\t24', [[1, '', null, '缺少商品编码']]],
    [
      'a negative or a decimal quantity',
      'AU-MILK-01 -3\nAU-MILK-02 2.5\nAU-MILK-03\t1.5',
      [
        [1, 'AU-MILK-01', null, '数量须为正整数'],
        [2, 'AU-MILK-02', null, '数量须为正整数'],
        [3, 'AU-MILK-03', null, '数量须为正整数'],
      ],
    ],
    ['a code with a dot in it', 'AU-1.5KG 2', [[1, 'AU-1.5KG', 2]]],
    ['the quantity before the code', '24 AU-MILK-01', [[1, '24AU-MILK-01', null, '缺少数量']]],
    ['a quantity in words', 'AU-MILK-01 两箱', [[1, 'AU-MILK-01', null, '缺少数量']]],
    ['a code with an x in it, not a separator', 'BOX12', [[1, 'BOX12', null, '缺少数量']]],
    [
      "Excel, the header's quantity column empty or in words (the price is not taken for it)",
      '商品编码\t数量\t单价\nAU-MILK-01\t\t29.99\nAU-MILK-02\t两箱\t29.99',
      [
        [2, 'AU-MILK-01', null, '缺少数量'],
        [3, 'AU-MILK-02', null, '数量须为正整数'],
      ],
    ],
    [
      'a line too long to be an order line',
      `AU-MILK-01 ${'很好'.repeat(150)} 24`,
      [[1, '', null, '这一行太长，无法识别']],
    ],
  ])('kept with its problem: %s', (_name, text, lines) => {
    expect(read(text)).toEqual(lines);
  });

  it('refuses a paste over the limits whole, and an empty one', () => {
    const many = Array.from({ length: PASTE_LIMITS.lines + 1 }, (_, i) => `SKU-${i} 1`).join('\n');
    expect(readPastedLines(many)).toEqual({ problem: '最多1000行，这次有1001行，请分批粘贴' });
    expect('lines' in readPastedLines(many.split('\n').slice(1).join('\n'))).toBe(true);
    expect(readPastedLines('x'.repeat(PASTE_LIMITS.bytes + 1))).toEqual({
      problem: '内容超过1MB，请分批粘贴',
    });
    expect(readPastedLines(' \n\n')).toEqual({ problem: '没有读到商品编码和数量' });
    expect(readPastedLines('SKU编码\t数量')).toEqual({ problem: '没有读到商品编码和数量' });
  });

  it('reads 1 MB of long, awkward lines quickly (no runaway matching)', () => {
    const awkward = [`1${',111'.repeat(49)}a`, `${'爱 '.repeat(66)}1 a`, `${'1 '.repeat(99)}a`];
    const pastes = [
      ...awkward.map((line) => Array.from({ length: PASTE_LIMITS.bytes / 400 }, () => line).join('\n')),
      // One line of almost 1 MB.
      `AU-MILK-01 1${',111'.repeat(240_000)}a`,
    ];
    for (const text of pastes) {
      const started = performance.now();
      readPastedLines(text);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
