import { describe, expect, it } from 'vitest';
import { savedName } from '@/lib/transfer';

describe('the name a download is saved under', () => {
  it('takes the UTF-8 name first, else the plain one', () => {
    expect(
      savedName(
        `attachment; filename="__2026-03-10.csv"; filename*=UTF-8''${encodeURIComponent('订单_2026-03-10.csv')}`,
      ),
    ).toBe('订单_2026-03-10.csv');
    expect(savedName('attachment; filename="catalogue.xlsx"')).toBe('catalogue.xlsx');
    expect(savedName('attachment; filename="x.csv"; filename*=UTF-8\'\'%E0%A4%A')).toBe('x.csv');
    expect(savedName('')).toBeUndefined();
  });
});
