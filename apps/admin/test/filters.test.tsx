import { AUDIT_ACTION_LABELS } from '@shop/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuditFilters } from '@/features/audit/components/audit-filters';
import { MemberFilters } from '@/features/members/components/member-filters';

describe('the filter forms', () => {
  it('keep what is being typed when the screen draws again with the same filters', () => {
    const onChange = vi.fn();
    const { rerender } = render(<AuditFilters value={{}} staffOptions={undefined} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('对象ID'), { target: { value: 'S20261128' } });
    // A list or the staff choices finishing loading draws the screen again, with a new but equal filters object.
    rerender(<AuditFilters value={{}} staffOptions={[{ value: 1, label: '王老板' }]} onChange={onChange} />);
    expect((screen.getByLabelText('对象ID') as HTMLInputElement).value).toBe('S20261128');
    // Filters that do change (the address bar's) are shown: the action by its label.
    rerender(<AuditFilters value={{ action: 'order.ship' }} staffOptions={undefined} onChange={onChange} />);
    expect(document.querySelector('.filter-action')?.textContent).toBe(AUDIT_ACTION_LABELS['order.ship']);
  });

  it('the members’ search too', () => {
    const { rerender } = render(<MemberFilters value={{}} onChange={vi.fn()} />);
    const box = screen.getAllByRole('textbox')[0] as HTMLInputElement;
    fireEvent.change(box, { target: { value: '张' } });
    rerender(<MemberFilters value={{}} onChange={vi.fn()} />);
    expect(box.value).toBe('张');
  });
});
