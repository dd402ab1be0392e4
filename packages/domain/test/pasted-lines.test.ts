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
});
