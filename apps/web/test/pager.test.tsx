import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageItems } from '@/components/pager';

describe('pageItems', () => {
  it.each([
    [1, 1, 2, [1]],
    [1, 5, 2, [1, 2, 3, 4, 5]],
    [1, 20, 2, [1, 2, 3, null, 20]],
    [5, 20, 2, [1, 2, 3, 4, 5, 6, 7, null, 20]],
    [10, 20, 2, [1, null, 8, 9, 10, 11, 12, null, 20]],
    [10, 20, 1, [1, null, 9, 10, 11, null, 20]],
    [20, 20, 1, [1, null, 19, 20]],
    // A gap of one page shows that page rather than '…'.
    [4, 20, 1, [1, 2, 3, 4, 5, null, 20]],
  ])('page %i of %i, %i around → %j', (pageNo, pageCount, around, expected) => {
    expect(pageItems(pageNo, pageCount, around)).toEqual(expected);
  });
});

describe('Pager', () => {
  it('is hidden when one page holds everything', () => {
    const { container } = render(<Pager pageNo={1} pageSize={10} totalCount={10} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('marks the current page, steps and jumps, and never asks for the page it is on or past the ends', () => {
    const onChange = vi.fn();
    render(<Pager pageNo={1} pageSize={10} totalCount={95} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '第 1 页' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByTitle('10'));
    expect(onChange.mock.calls).toEqual([[2], [10]]);
  });
});
