import { CartPaths, DepositPaths, MemberPaths, OrderPaths, PaymentPaths } from '@shop/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { cartList } from './cart-fixtures';
import { shellHandlers } from './catalogue-fixtures';
import { shopMethods } from './payment-fixtures';
import { demoMember, mockApi, ok, renderApp } from './utils';

const SLOW = { timeout: 45_000 };

/** A phone: the strips show 350 px of a row of 90 px items. */
const VIEW = 350;
const ITEM = 90;

const isStrip = (el: Element) => el.matches('.member-nav, .order-tabs');

/** happy-dom lays nothing out: the strips and their items get a phone's sizes, their items side by side. */
function fakePhoneLayout() {
  const rect = Element.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isStrip(this) ? VIEW : 0;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return isStrip(this) ? this.children.length * ITEM : 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (isStrip(this)) return new DOMRect(0, 100, VIEW, 40);
    const strip = this.parentElement;
    if (!strip || !isStrip(strip)) return rect.call(this);
    const index = [...strip.children].indexOf(this);
    return new DOMRect(index * ITEM - strip.scrollLeft, 100, ITEM, 40);
  });
}

/** The item is fully in the strip's window and clear of the 24 px fades (there only when more is hidden). */
function shownWhole(strip: HTMLElement, item: HTMLElement) {
  const max = strip.children.length * ITEM - VIEW;
  const left = [...strip.children].indexOf(item) * ITEM - strip.scrollLeft;
  const clearStart = strip.scrollLeft > 0 ? 24 : 0;
  const clearEnd = strip.scrollLeft < max ? 24 : 0;
  return left >= clearStart && left + ITEM <= VIEW - clearEnd;
}

beforeEach(() => {
  fakePhoneLayout();
  startSession('tok-1');
});

describe('member menu on a phone', () => {
  it('scrolls the current page into view and fades the ends with hidden items', async () => {
    mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [PaymentPaths.configList]: ok(shopMethods),
      [DepositPaths.rechargeList]: ok({ items: [], pageNo: 1, pageSize: 10, totalCount: 0 }),
    });
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderApp('/member/recharge');
    const nav = await screen.findByRole('navigation', { name: '会员中心菜单' }, SLOW);
    const current = within(nav).getByRole('link', { name: '余额充值' });
    expect(current.getAttribute('aria-current')).toBe('page');

    // 余额充值 is past the edge of the phone's width until the menu scrolls to it.
    const items = within(nav).getAllByRole('link').length;
    expect(nav.scrollLeft).toBeGreaterThan(0);
    expect(shownWhole(nav, current)).toBe(true);
    expect(nav.dataset.more).toBe('both');
    // Only the menu moved: scrollIntoView would also move the page up or down.
    expect(scrollIntoView).not.toHaveBeenCalled();

    // Scrolled to either end, only the other end fades.
    nav.scrollLeft = items * ITEM - VIEW;
    fireEvent.scroll(nav);
    expect(nav.dataset.more).toBe('start');
    nav.scrollLeft = 0;
    fireEvent.scroll(nav);
    expect(nav.dataset.more).toBe('end');
  });

  it('leaves the menu where it is when the current item is already in view', async () => {
    mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [OrderPaths.list]: ok({ items: [], pageNo: 1, pageSize: 10, totalCount: 0 }),
    });
    renderApp('/member/order');
    const nav = await screen.findByRole('navigation', { name: '会员中心菜单' }, SLOW);
    // 我的订单 is the second item (90–180 px), in view as it is.
    expect(within(nav).getByRole('link', { name: '我的订单' }).getAttribute('aria-current')).toBe('page');
    expect(nav.scrollLeft).toBe(0);
    expect(nav.dataset.more).toBe('end');

    // Another page far to the right (the last item): the menu follows it.
    const items = within(nav).getAllByRole('link').length;
    fireEvent.click(within(nav).getByRole('link', { name: '账户安全' }));
    await waitFor(() => expect(nav.scrollLeft).toBe(items * ITEM - VIEW), SLOW);
    expect(nav.dataset.more).toBe('start');
  });
});

describe('order tabs on a phone', () => {
  it('scroll the chosen status into view when the page opens', async () => {
    mockApi({
      ...shellHandlers,
      [MemberPaths.current]: ok(demoMember),
      [CartPaths.list]: ok(cartList([])),
      [OrderPaths.list]: ok({ items: [], pageNo: 1, pageSize: 10, totalCount: 0 }),
    });
    renderApp('/member/order?status=-100');
    const tabs = await screen.findByRole('tablist', { name: '订单状态' }, SLOW);
    const cancelled = screen.getByRole('tab', { name: '已取消' });
    expect(cancelled.getAttribute('aria-selected')).toBe('true');
    // The last of eight tabs: the strip is scrolled to its end.
    expect(tabs.scrollLeft).toBe(8 * ITEM - VIEW);
    expect(shownWhole(tabs, cancelled)).toBe(true);
    expect(tabs.dataset.more).toBe('start');

    // Back to 全部 (first tab) by a tap: it is brought back into view.
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: '全部' })));
    expect(tabs.scrollLeft).toBe(0);
    expect(tabs.dataset.more).toBe('end');
  });
});
