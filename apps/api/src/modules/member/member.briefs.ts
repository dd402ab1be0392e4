import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members } from '../../db/schema';

/** A member as the staff console names them beside their tickets and messages. */
export interface MemberBrief {
  id: number;
  username: string;
  name: string;
  level: number;
}

/** Members by id, in one query; unknown ids are left out. */
export async function memberBriefs(db: Database, ids: readonly number[]): Promise<Map<number, MemberBrief>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, username: members.username, name: members.name, level: members.level })
    .from(members)
    .where(inArray(members.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
