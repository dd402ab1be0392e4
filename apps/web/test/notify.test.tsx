import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { notify, toastStore } from '@/lib/notify';

describe('notify', () => {
  it('shows a toast for 3500 ms, fades it for 800 ms, then removes it', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      notify.success('资料已更新');
    });
    const toast = screen.getByText('资料已更新').closest('.toast');
    expect(toast?.className).not.toContain('toast-leaving');

    act(() => vi.advanceTimersByTime(3499));
    expect(screen.getByText('资料已更新').closest('.toast')?.className).not.toContain('toast-leaving');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('资料已更新').closest('.toast')?.className).toContain('toast-leaving');

    act(() => vi.advanceTimersByTime(799));
    expect(screen.getByText('资料已更新')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('资料已更新')).toBeNull();
  });

  it('has the four kinds', () => {
    notify.success('a');
    notify.warn('b');
    notify.error('c');
    notify.info('d');
    expect(toastStore.getState().toasts.map((t) => t.kind)).toEqual(['success', 'warn', 'error', 'info']);
  });

  it('has a helper taking seconds, 2 by default', () => {
    vi.useFakeTimers();
    notify.toast('两秒提示');
    notify.toast('五秒提示', 5, 'warn');
    vi.advanceTimersByTime(2000);
    expect(toastStore.getState().toasts.find((t) => t.text === '两秒提示')?.leaving).toBe(true);
    expect(toastStore.getState().toasts.find((t) => t.text === '五秒提示')?.leaving).toBe(false);
    vi.advanceTimersByTime(3000);
    expect(toastStore.getState().toasts.find((t) => t.text === '五秒提示')?.leaving).toBe(true);
  });

  it('shows the same message once while it is on screen', () => {
    notify.error('网络错误');
    notify.error('网络错误');
    expect(toastStore.getState().toasts).toHaveLength(1);
  });
});
