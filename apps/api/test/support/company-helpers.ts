import { eq } from 'drizzle-orm';
import { members } from '../../src/db/schema';
import { newMember } from './checkout-helpers';
import type { TestApp } from './test-app';

let phones = 0;

/**
 * A new member who proved a mobile number (+61 4…, unique to this process) and, when given, an e-mail address: the
 * contacts a company invite is sent to (issue #38).
 */
export async function memberWithContacts(t: TestApp, email?: string) {
  const m = await newMember(t);
  phones += 1;
  const phone = `+614${String(process.pid % 10_000).padStart(4, '0')}${String(phones).padStart(4, '0')}`;
  await t.database.db
    .update(members)
    .set({ phone, phoneVerifiedAt: new Date(), ...(email ? { email, emailVerifiedAt: new Date() } : {}) })
    .where(eq(members.id, m.memberId));
  return { ...m, phone };
}
