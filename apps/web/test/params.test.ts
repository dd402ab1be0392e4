import { describe, expect, it } from 'vitest';
import { listQuery, positiveIntParam } from '@/lib/params';

describe('positiveIntParam', () => {
  it('reads positive whole numbers and nothing else', () => {
    expect(positiveIntParam('12')).toBe(12);
    for (const bad of [null, undefined, '', '0', '-3', '1.5', '1e3', 'abc', '9'.repeat(16)])
      expect(positiveIntParam(bad), String(bad)).toBeUndefined();
  });
});

describe('listQuery (the address of a paged list page)', () => {
  it('keeps the filters that are set, and pageNo only past the first page', () => {
    expect(listQuery({ status: 2 }, 3).toString()).toBe('status=2&pageNo=3');
    expect(listQuery({ status: 2 }, 1).toString()).toBe('status=2');
    expect(listQuery({ type: undefined }, undefined).toString()).toBe('');
    expect(listQuery({ status: 'closed', new: 1 }, 2).toString()).toBe('status=closed&new=1&pageNo=2');
  });
});
