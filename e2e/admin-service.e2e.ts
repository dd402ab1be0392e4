import { rm } from 'node:fs/promises';
import { MessagePaths, SupportTicketPaths, type TicketImage } from '@shop/domain';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { type BrowserSession, openBrowser } from './support/browser';
import { consoleShot, DESKTOP, PHONE, signIn, startShopAfter } from './support/console';
import { memberWithOrder } from './support/member-order';
import { newShopDataDir, type RunningShop } from './support/server';

/** The service desk's screens, to be looked at after a run. */
const SHOTS = '/tmp/console-shots';
const SERVICE = { username: 'cs_wang', name: '客服小王', password: 'service-2026a' };

const shot = (page: Page, name: string) => consoleShot(page, SHOTS, name);

async function uploadPicture(baseURL: string, token: string): Promise<TicketImage> {
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 230, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return callApi(baseURL, SupportTicketPaths.uploadImage, form, token);
}

/**
 * The service desk in the staff console (issue #15): a member opens tickets (one about an order, with a photo);
 * a service account made on the command line finds them in 客服工单, answers one with text, and the member sees
 * the reply and an unread message; then it announces to everyone from 站内消息. Screenshots at 1440 and 390 px.
 */
describe('staff console service desk journey', () => {
  let shop: RunningShop & { port: number; dataDir: string };
  let dataDir = '';
  let s: BrowserSession;
  let token = '';
  let ticketId = 0;

  beforeAll(async () => {
    dataDir = await newShopDataDir();
    shop = await startShopAfter(dataDir, [
      [
        'staff:create',
        '--username',
        SERVICE.username,
        '--role',
        'service',
        '--name',
        SERVICE.name,
        '--password',
        SERVICE.password,
      ],
    ]);
    const { baseURL } = shop;

    const member = await memberWithOrder(baseURL, 'li_na', 'member123');
    token = member.token;
    await callApi(
      baseURL,
      SupportTicketPaths.create,
      { type: 0, title: '可以开发票吗', content: '公司报销需要发票。' },
      token,
    );
    const photo = await uploadPicture(baseURL, token);
    const ticket = await callApi(
      baseURL,
      SupportTicketPaths.create,
      {
        type: 1,
        priority: 2,
        title: '订单里的奶粉罐子凹了',
        content: '收到的奶粉罐子有明显凹陷，照片见附件，请帮忙处理。',
        orderId: member.orderId,
        imageIds: [photo.id],
      },
      token,
    );
    ticketId = ticket.id;
    s = await openBrowser(baseURL, DESKTOP);
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    await shop?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs the service account in and shows the queue, what waits for the shop first', async () => {
    await signIn(s.page, SERVICE.username, SERVICE.password);
    await s.page.getByRole('menuitem', { name: /客服工单/ }).click();
    await s.page.getByText('订单里的奶粉罐子凹了').waitFor();
    await shot(s.page, 'tickets-1440');
  });

  it('opens the thread beside the member and the order, and replies', async () => {
    await s.page.getByRole('link', { name: '订单里的奶粉罐子凹了' }).click();
    await s.page.waitForURL(`**/admin/tickets/${ticketId}`);
    await s.page.getByText('收到的奶粉罐子有明显凹陷').waitFor();
    await s.page.getByText('li_na').first().waitFor();
    await shot(s.page, 'ticket-detail-1440');
    await s.page.getByLabel('回复内容').fill('您好，已为您安排补发一罐，预计三天内发出。');
    await s.page.getByRole('button', { name: '发送回复' }).click();
    await s.page.getByText('回复已发送').waitFor();
    await s.page.locator('.ticket-post-staff').waitFor();
    await shot(s.page, 'ticket-replied-1440');

    const thread = await callApi(shop.baseURL, SupportTicketPaths.detail, { id: ticketId }, token);
    expect(thread.replies.at(-1)).toMatchObject({ author: 'staff', authorName: SERVICE.name });
    const inbox = await callApi(shop.baseURL, MessagePaths.list, {}, token);
    expect(inbox.unread.total).toBeGreaterThanOrEqual(1);
  });

  it('announces to everyone after a confirmation and lists it', async () => {
    await s.page.getByRole('menuitem', { name: /站内消息/ }).click();
    await s.page.getByText('还没有发送过消息').waitFor();
    await shot(s.page, 'messages-empty-1440');
    await s.page.getByText('所有会员（公告）').click();
    await s.page.getByLabel('标题').fill('春节放假通知');
    await s.page.getByLabel('内容', { exact: true }).fill('2月8日至2月17日放假，期间订单节后发出。');
    await s.page.getByRole('button', { name: '发布公告' }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: '发布' }).click();
    await s.page.locator('td', { hasText: '春节放假通知' }).waitFor();
    await shot(s.page, 'messages-1440');
    expect(s.errors).toEqual([]);
  });

  it('stays usable on a phone', async () => {
    await s.page.setViewportSize(PHONE);
    await s.page.goto('/admin/tickets');
    await s.page.getByText('订单里的奶粉罐子凹了').waitFor();
    await shot(s.page, 'tickets-390');
    await s.page.goto(`/admin/tickets/${ticketId}`);
    await s.page.getByText('收到的奶粉罐子有明显凹陷').waitFor();
    await shot(s.page, 'ticket-detail-390');
    await s.page.goto('/admin/messages');
    await s.page.locator('td', { hasText: '春节放假通知' }).waitFor();
    await shot(s.page, 'messages-390');
  });
});
