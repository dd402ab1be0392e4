import {
  AdminMemberPaths,
  DepositPaths,
  type Recharge,
  type RechargeReviewResponse,
  ResultCode,
} from '@shop/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles, recharges } from '../src/db/schema';
import { newMember } from './support/order-fixtures';
import { type StaffLogin, staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';
import { testImage, upload } from './support/upload';

// A bank transfer's slip: attached by the member who owns the recharge, by the support tickets' upload rules
// (lib/image-upload.ts, the media module's storeUpload), seen only by that member and the staff who review
// recharges (finance, owner).

let t: TestApp;
let finance: StaffLogin;
let owner: StaffLogin;

beforeAll(async () => {
  t = await createTestApp({ env: { SEED_DEMO: 'false' } });
  finance = await staffToken(t, 'finance');
  owner = await staffToken(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

async function pendingTransfer() {
  const m = await newMember(t.app, 'slip');
  const made = envelope<Recharge>(
    await post(
      t.app,
      DepositPaths.bankTransfer,
      { currency: 'AUD', money: 300, reference: '凭证测试' },
      m.token,
    ),
  );
  expect(made.success, made.message).toBe(true);
  return { m, rechargeNo: made.data.rechargeNo };
}

const attach = (token: string, rechargeNo: string, file: Buffer) =>
  upload(t.app, DepositPaths.uploadSlip, token, file, 'image', 'slip.jpg', { rechargeNo });

async function slipRow(rechargeNo: string) {
  const [row] = await t.database.db.select().from(recharges).where(eq(recharges.rechargeNo, rechargeNo));
  return row;
}

async function storedPaths(prefix: string) {
  const rows = await t.database.db.select({ path: mediaFiles.path }).from(mediaFiles);
  return rows.map((r) => r.path).filter((p) => p.startsWith(prefix));
}

describe('transfer slips', () => {
  it('the member attaches a slip, re-encoded without camera data; they and finance see it, the image host does not', async () => {
    const { m, rechargeNo } = await pendingTransfer();
    const photo = await testImage('jpeg', 640, 480);
    expect(photo.includes(Buffer.from('shop-test-gps'))).toBe(true);
    const res = await attach(m.token, rechargeNo, photo);
    expect(res.statusCode).toBe(200);
    expect(envelope<Recharge>(res)).toMatchObject({
      success: true,
      message: '转账凭证已上传',
      data: { rechargeNo, hasSlip: true, status: 'pending' },
    });
    const row = await slipRow(rechargeNo);
    expect(row?.slipPath).toMatch(/^private\/recharge-slip\/[0-9a-f]{32}\.jpg$/);

    const own = await post(t.app, DepositPaths.slip, { rechargeNo }, m.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.includes(Buffer.from('shop-test-gps'))).toBe(false);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(640);

    for (const staff of [finance, owner]) {
      const seen = await post(t.app, AdminMemberPaths.rechargeSlip, { rechargeNo }, staff.token);
      expect(seen.statusCode, staff.role).toBe(200);
      expect(seen.rawPayload.equals(own.rawPayload)).toBe(true);
    }
    const listed = envelope<{ items: Recharge[] }>(
      await post(t.app, AdminMemberPaths.rechargeList, { keyword: rechargeNo }, finance.token),
    );
    expect(listed.data.items[0]?.hasSlip).toBe(true);

    // Not on the public image host, whatever the path.
    const publicHost = await t.app.inject({ method: 'GET', url: `/res/img/${row?.slipPath}` });
    expect(publicHost.statusCode).toBe(404);
    expect(publicHost.rawPayload.equals(own.rawPayload)).toBe(false);
  });

  it('a new slip replaces the old one, whose file is removed; a settled recharge takes no slip', async () => {
    const { m, rechargeNo } = await pendingTransfer();
    await attach(m.token, rechargeNo, await testImage('png'));
    const first = (await slipRow(rechargeNo))?.slipPath ?? '';
    expect(first).toMatch(/\.png$/);
    const again = await attach(m.token, rechargeNo, await testImage('webp'));
    expect(envelope(again).success).toBe(true);
    const second = (await slipRow(rechargeNo))?.slipPath ?? '';
    expect(second).toMatch(/\.webp$/);
    const kept = await storedPaths('private/recharge-slip/');
    expect(kept).toContain(second);
    expect(kept).not.toContain(first);

    const approved = envelope<RechargeReviewResponse>(
      await post(t.app, AdminMemberPaths.rechargeApprove, { rechargeNo }, finance.token),
    );
    expect(approved.data.recharge.hasSlip).toBe(true);
    const before = await storedPaths('private/recharge-slip/');
    const late = await attach(m.token, rechargeNo, await testImage('jpeg'));
    expect(late.statusCode).toBe(400);
    expect(envelope(late)).toMatchObject({
      resultCode: ResultCode.ParamsError,
      message: '只能为待确认的银行转账上传转账凭证',
    });
    expect((await slipRow(rechargeNo))?.slipPath).toBe(second);
    expect(await storedPaths('private/recharge-slip/')).toEqual(before);
  });

  it('refuses a file that is not an accepted image, one too big, or none, by the ticket rules; nothing stored', async () => {
    const { m, rechargeNo } = await pendingTransfer();
    const before = await storedPaths('private/');
    const jpeg = await testImage('jpeg', 400, 300);
    const cases: [Buffer, number, string][] = [
      [Buffer.from('not an image at all'), 415, '仅支持 JPEG、PNG、WebP、GIF 图片'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, '仅支持 JPEG、PNG、WebP、GIF 图片'],
      [Buffer.from('%PDF-1.4 a bank statement'), 415, '仅支持 JPEG、PNG、WebP、GIF 图片'],
      [Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]), 413, '图片不能超过 5 MB'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, '图片已损坏或不完整，请重新选择'],
    ];
    for (const [file, status, message] of cases) {
      const res = await attach(m.token, rechargeNo, file);
      expect(res.statusCode, message).toBe(status);
      expect(envelope(res).message).toBe(message);
    }
    const noFile = await upload(t.app, DepositPaths.uploadSlip, m.token, jpeg, 'file', 'x.jpg', {
      rechargeNo,
    });
    expect(envelope(noFile).message).toBe('请选择图片（image 字段）');
    const noNumber = await upload(t.app, DepositPaths.uploadSlip, m.token, jpeg);
    expect(envelope(noNumber)).toMatchObject({ resultCode: ResultCode.ParamsError });
    expect(envelope(noNumber).message).toMatch(/^充值单号：/);
    const json = await post(t.app, DepositPaths.uploadSlip, { rechargeNo }, m.token);
    expect(json.statusCode).toBe(415);
    expect((await slipRow(rechargeNo))?.slipPath).toBe('');
    expect(await storedPaths('private/')).toEqual(before);
    const none = await post(t.app, DepositPaths.slip, { rechargeNo }, m.token);
    expect(none.statusCode).toBe(404);
    expect(envelope(none).message).toBe('该笔充值未上传转账凭证');
  });

  it("refuses another member's recharge both ways, a visitor, and staff without the finance role", async () => {
    const { m, rechargeNo } = await pendingTransfer();
    await attach(m.token, rechargeNo, await testImage('jpeg'));
    const path = (await slipRow(rechargeNo))?.slipPath;
    const other = await newMember(t.app, 'slip');
    const before = await storedPaths('private/');

    const put = await attach(other.token, rechargeNo, await testImage('png'));
    expect(put.statusCode).toBe(404);
    expect(envelope(put).message).toBe('充值记录不存在');
    expect((await slipRow(rechargeNo))?.slipPath).toBe(path);
    expect(await storedPaths('private/')).toEqual(before);

    const read = await post(t.app, DepositPaths.slip, { rechargeNo }, other.token);
    expect(read.statusCode).toBe(404);
    expect(envelope(read).message).toBe('充值记录不存在');

    const visitor = await post(t.app, DepositPaths.slip, { rechargeNo });
    expect(visitor.statusCode).toBe(401);
    const visitorUpload = await upload(
      t.app,
      DepositPaths.uploadSlip,
      '',
      await testImage('png'),
      'image',
      'a.png',
      {
        rechargeNo,
      },
    );
    expect(visitorUpload.statusCode).toBe(401);

    for (const role of ['service', 'warehouse', 'content'] as const) {
      const staff = await staffToken(t, role);
      const res = await post(t.app, AdminMemberPaths.rechargeSlip, { rechargeNo }, staff.token);
      expect(res.statusCode, role).toBe(403);
      expect(envelope(res).resultCode).toBe(ResultCode.PermissionDenied);
    }
    // A member's token is no staff token.
    const asMember = await post(t.app, AdminMemberPaths.rechargeSlip, { rechargeNo }, m.token);
    expect(asMember.statusCode).toBe(401);
  });
});
