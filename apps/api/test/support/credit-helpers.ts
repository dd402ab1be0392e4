import {
  type CompanyDetail,
  type CompanyInvite,
  CompanyPaths,
  type CompanyRole,
  type CreatedOrder,
  type Currency,
} from '@shop/domain';
import { expect } from 'vitest';
import type { AuditActor } from '../../src/lib/audit';
import { addToCart, type CheckoutTestApp, orderForPickup } from './checkout-helpers';
import { memberWithContacts } from './company-helpers';
import { envelope, post } from './test-app';

/** Pay on account (issue #38 part 3): companies with credit, and their orders, for the API tests. */

export const FINANCE: AuditActor = { staffId: null, actor: 'cli:finance', ip: null };

let mailboxes = 0;
const mailbox = (who: string) => {
  mailboxes += 1;
  return `${who}.credit.${process.pid}.${mailboxes}@example.com`;
};

export type Who = Awaited<ReturnType<typeof memberWithContacts>>;

export async function okCall<T>(c: CheckoutTestApp, path: string, body: unknown, token: string): Promise<T> {
  const res = envelope<T>(await post(c.t.app, path, body, token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}

/** A company with an admin, and one member of each role given; limits none. */
export async function companyWith(c: CheckoutTestApp, roles: readonly CompanyRole[] = ['buyer']) {
  const admin = await memberWithContacts(c.t, mailbox('admin'));
  const company = await okCall<CompanyDetail>(
    c,
    CompanyPaths.create,
    { name: '账期公司', taxNo: '51824753556' },
    admin.token,
  );
  const others: Who[] = [];
  for (const role of roles) {
    const who = await memberWithContacts(c.t, mailbox(role));
    const invite = await okCall<CompanyInvite>(
      c,
      CompanyPaths.invite,
      { contact: who.phone, role },
      admin.token,
    );
    await okCall(c, CompanyPaths.accept, { id: invite.id }, who.token);
    others.push(who);
  }
  const companyId = company.company?.id ?? 0;
  return { companyId, admin, others };
}

/** Finance grant the company credit (major units). */
export function grant(
  c: CheckoutTestApp,
  companyId: number,
  currency: Currency,
  limit: number,
  termsDays = 30,
) {
  return c.t.app.services.credits.grant(
    { companyId, currency, limit, termsDays: termsDays as 7 | 14 | 30 | 60 },
    FINANCE,
  );
}

/** Aptamil × qty ordered for pickup (AUD 45.90 each). */
export async function aptamilOrder(c: CheckoutTestApp, who: Who, qty = 1): Promise<CreatedOrder> {
  await addToCart(c.t, who.token, [[c.sku.aptamil, qty]]);
  const res = envelope<CreatedOrder>(await orderForPickup(c.t, who.token));
  expect(res.success, res.message).toBe(true);
  return res.data;
}
