import {
  type AdminFapiao,
  type AdminFapiaoList,
  AdminInvoicePaths,
  type Fapiao,
  InvoicePaths,
  type Member,
  MemberPaths,
  OrderStatus,
  ResultCode,
  type TaxDocuments,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fapiaoRequests, orders, skus, staffAuditLog } from '../src/db/schema';
import { insertOrder, newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';
import { multipartBody } from './support/upload';

// 发票 requests of paid CNY orders (docs/invoices.md): the member asks (普通 or 专用, the 税号 checked), staff
// with invoice.issue see the queue and attach the issued fapiao (number and PDF, kept private), the member
// downloads it. The 税号 and ABN of /member/settings are checked the same way.

let t: TestApp;
let skuId: number;
let finance: StaffLogin;
let service: StaffLogin;

const USCC = '91350100M000100Y43';

beforeAll(async () => {
  t = await createTestApp();
  const [sku] = await t.database.db.select({ id: skus.id }).from(skus).limit(1);
  skuId = sku?.id ?? 0;
  finance = await staffToken(t, 'finance');
  service = await staffToken(t, 'service');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function paidCnyOrder(memberId: number) {
  const order = await insertOrder(t.database.db, {
    memberId,
    currency: 'CNY',
    status: OrderStatus.Paid,
    items: [{ skuId, qty: 3, unitPrice: 12_800 }],
  });
  await t.database.db
    .update(orders)
    .set({
      paidAt: new Date(),
      paidAmount: 3 * 12_800 + 1_500,
      paidCurrency: 'CNY',
      payChannel: 'DepositPay',
    })
    .where(eq(orders.id, order.id));
  return order;
}

const ask = (token: string, body: Record<string, unknown>) =>
  post(t.app, InvoicePaths.fapiaoRequest, body, token);

/** A tiny but real PDF, as a tax-control system would give. */
const ISSUED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function issue(token: string, fields: Record<string, string>, file: Buffer, name = 'fapiao.pdf') {
  const body = multipartBody('file', file, name, 'application/pdf', fields);
  return t.app.inject({
    method: 'POST',
    url: AdminInvoicePaths.fapiaoIssue,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

describe('fapiao requests', () => {
  it('checks the 税号 and the 专用 fields in Chinese and stores nothing refused', async () => {
    const m = await newMember(t.app, 'fp');
    const order = await paidCnyOrder(m.id);
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { kind: 'normal', title: '上海某某贸易有限公司', taxNo: '91350100M000100Y44' },
        /统一社会信用代码校验位不正确/,
      ],
      [
        { kind: 'normal', title: '上海某某贸易有限公司', taxNo: '1234' },
        /税号须为15、18或20位大写字母或数字/,
      ],
      [
        { kind: 'normal', title: '上海某某贸易有限公司', taxNo: '91350100M000100Y4!' },
        /税号须为15、18或20位/,
      ],
      [{ kind: 'normal', title: '', taxNo: USCC }, /请填写发票抬头/],
      [{ kind: 'special', title: '上海某某贸易有限公司', taxNo: USCC }, /专用发票须填写开户银行/],
      [{ kind: 'paper', title: '上海某某贸易有限公司', taxNo: USCC }, /请选择发票类型/],
    ];
    for (const [body, message] of cases) {
      const res = await ask(m.token, { orderId: order.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(envelope(res).resultCode).toBe(ResultCode.ParamsError);
      expect(envelope(res).message).toMatch(message);
    }
    expect(
      await t.database.db.select().from(fapiaoRequests).where(eq(fapiaoRequests.orderId, order.id)),
    ).toEqual([]);
  });

  it('refuses another member, an unpaid or an AUD order', async () => {
    const m = await newMember(t.app, 'fpno');
    const other = await newMember(t.app, 'fpother');
    const order = await paidCnyOrder(m.id);
    const body = { orderId: order.id, kind: 'normal', title: '个人', taxNo: USCC };
    const foreign = await ask(other.token, body);
    expect(foreign.statusCode).toBe(404);
    const unpaid = await insertOrder(t.database.db, {
      memberId: m.id,
      currency: 'CNY',
      items: [{ skuId, qty: 1, unitPrice: 100 }],
    });
    expect(envelope(await ask(m.token, { ...body, orderId: unpaid.id })).message).toBe(
      '订单尚未付款，付款后才能申请发票',
    );
    const aud = await insertOrder(t.database.db, {
      memberId: m.id,
      currency: 'AUD',
      status: OrderStatus.Paid,
      items: [{ skuId, qty: 1, unitPrice: 100 }],
    });
    await t.database.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, aud.id));
    expect(envelope(await ask(m.token, { ...body, orderId: aud.id })).message).toMatch(
      /澳币订单开具澳大利亚税务发票/,
    );
  });

  it('staff see the request as 待开票, attach the issued PDF; the member downloads it and can no longer change it', async () => {
    const m = await newMember(t.app, 'fpok');
    const order = await paidCnyOrder(m.id);
    const asked = envelope<Fapiao>(
      await ask(m.token, {
        orderId: order.id,
        kind: 'special',
        title: '上海某某贸易有限公司',
        taxNo: USCC.toLowerCase(),
        bank: '中国工商银行上海分行',
        account: '6222 0210 0101 2345 678',
        address: '上海市浦东新区世纪大道100号',
        phone: '021-68881234',
      }),
    );
    expect(asked.success, asked.message).toBe(true);
    expect(asked.data).toMatchObject({
      status: 'pending',
      statusLabel: '待开票',
      taxNo: USCC,
      kindLabel: '增值税专用发票',
      amount: 399,
    });
    // Still pending: the member may correct it.
    const changed = envelope<Fapiao>(
      await ask(m.token, { orderId: order.id, kind: 'normal', title: '上海某某贸易有限公司', taxNo: USCC }),
    );
    expect(changed.data).toMatchObject({ kind: 'normal', bank: '', id: asked.data.id });

    const notYet = await post(t.app, InvoicePaths.fapiaoFile, { orderId: order.id }, m.token);
    expect(envelope(notYet).message).toBe('发票尚未开具');

    const queue = envelope<AdminFapiaoList>(
      await post(
        t.app,
        AdminInvoicePaths.fapiaoList,
        { status: 'pending', keyword: order.orderNo },
        finance.token,
      ),
    );
    expect(queue.data.items).toHaveLength(1);
    expect(queue.data.items[0]).toMatchObject({
      orderNo: order.orderNo,
      username: m.username,
      statusLabel: '待开票',
    });

    // Roles: service cannot issue; a non-PDF is refused; finance attaches it.
    const refusedRole = await issue(
      service.token,
      { id: String(asked.data.id), fapiaoNo: '24312000000012345678' },
      ISSUED_PDF,
    );
    expect(refusedRole.statusCode).toBe(403);
    const notPdf = await issue(
      finance.token,
      { id: String(asked.data.id), fapiaoNo: '24312000000012345678' },
      Buffer.from('hello'),
      'x.pdf',
    );
    expect(envelope(notPdf).message).toBe('请上传 PDF 格式的发票文件');
    const badNo = await issue(finance.token, { id: String(asked.data.id), fapiaoNo: '12' }, ISSUED_PDF);
    expect(envelope(badNo).message).toMatch(/发票号码须为8-20位数字或字母/);

    const issued = envelope<AdminFapiao>(
      await issue(finance.token, { id: String(asked.data.id), fapiaoNo: '24312000000012345678' }, ISSUED_PDF),
    );
    expect(issued.success, issued.message).toBe(true);
    expect(issued.data).toMatchObject({
      status: 'issued',
      statusLabel: '已开票',
      fapiaoNo: '24312000000012345678',
      issuedBy: finance.username,
    });
    const twice = await issue(
      finance.token,
      { id: String(asked.data.id), fapiaoNo: '24312000000012345679' },
      ISSUED_PDF,
    );
    expect(envelope(twice).message).toBe('该申请已开票，未重复上传');

    const [row] = await t.database.db
      .select()
      .from(fapiaoRequests)
      .where(eq(fapiaoRequests.id, asked.data.id));
    expect(row?.filePath).toMatch(/^private\/fapiao\/[0-9a-f]{32}\.pdf$/);
    expect((await t.app.inject({ method: 'GET', url: `/res/img/${row?.filePath}` })).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'fapiao.issue'));
    expect(audit.some((a) => a.objectId === order.orderNo)).toBe(true);

    const file = await post(t.app, InvoicePaths.fapiaoFile, { orderId: order.id }, m.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="Fapiao_24312000000012345678.pdf"',
    );
    expect(file.rawPayload.equals(ISSUED_PDF)).toBe(true);
    const other = await newMember(t.app, 'fpspy');
    expect((await post(t.app, InvoicePaths.fapiaoFile, { orderId: order.id }, other.token)).statusCode).toBe(
      404,
    );
    const staffFile = await post(t.app, AdminInvoicePaths.fapiaoFile, { id: asked.data.id }, finance.token);
    expect(staffFile.rawPayload.equals(ISSUED_PDF)).toBe(true);

    const late = await ask(m.token, { orderId: order.id, kind: 'normal', title: '别的抬头', taxNo: USCC });
    expect(envelope(late).message).toBe('发票已开具，不能修改申请');
    const docs = envelope<TaxDocuments>(
      await post(t.app, InvoicePaths.documents, { orderId: order.id }, m.token),
    );
    expect(docs.data).toMatchObject({
      fapiaoAvailable: true,
      taxInvoiceAvailable: false,
      fapiao: { status: 'issued' },
    });
    const issuedList = envelope<AdminFapiaoList>(
      await post(t.app, AdminInvoicePaths.fapiaoList, { status: 'issued', keyword: USCC }, finance.token),
    );
    expect(issuedList.data.items.map((i) => i.orderNo)).toContain(order.orderNo);
  });
});

describe('member business details', () => {
  it('keeps company, ABN and 税号, checked with Chinese messages', async () => {
    const m = await newMember(t.app, 'biz');
    const bad = await post(t.app, MemberPaths.update, { abn: '51 824 753 557' }, m.token);
    expect(envelope(bad)).toMatchObject({ success: false, resultCode: ResultCode.ParamsError });
    expect(envelope(bad).message).toMatch(/ABN 须为11位数字且校验正确/);
    const badTax = await post(t.app, MemberPaths.update, { taxNo: '91350100M000100Y44' }, m.token);
    expect(envelope(badTax).message).toMatch(/统一社会信用代码校验位不正确/);
    const ok = envelope<Member>(
      await post(
        t.app,
        MemberPaths.update,
        { company: '上海某某贸易有限公司', abn: '51 824 753 556', taxNo: ' 91350100m000100y43 ' },
        m.token,
      ),
    );
    expect(ok.success, ok.message).toBe(true);
    expect(ok.data).toMatchObject({ company: '上海某某贸易有限公司', abn: '51824753556', taxNo: USCC });
    const cleared = envelope<Member>(await post(t.app, MemberPaths.update, { abn: '', taxNo: '' }, m.token));
    expect(cleared.data).toMatchObject({ abn: '', taxNo: '' });
  });
});
