import { createHash } from 'node:crypto';

/** True when an If-None-Match header names `etag` (weak comparison, lists and '*' allowed; RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

// A body's tag, worked out once per body: cached answers hand out the same Buffer until the data changes.
const tags = new WeakMap<Buffer, string>();

/** A strong entity tag of a response body (a hash of its bytes). */
export function etagOf(body: Buffer): string {
  let tag = tags.get(body);
  if (tag === undefined) {
    tag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    tags.set(body, tag);
  }
  return tag;
}
