import type { Envelope, GoodsListItem, GoodsListResponse } from '@shop/domain';

/** Calls the shop's API the way the storefront does: POST JSON, envelope back. */
export async function callApi<T>(
  baseURL: string,
  path: string,
  body: unknown = {},
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${path}: ${envelope.resultCode} ${envelope.message}`);
  return envelope.data;
}

/** Every product on the shelf, page by page (the demo catalogue has a few hundred). */
export async function allGoods(baseURL: string): Promise<GoodsListItem[]> {
  const items: GoodsListItem[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await callApi<GoodsListResponse>(baseURL, '/api/goodsService/goods/list/', {
      pageNo,
      pageSize: 100,
    });
    items.push(...page.items);
    if (items.length >= page.totalCount || page.items.length === 0) return items;
  }
}

/** The attribute keys a product's sellable SKUs use. */
export function attributeKeys(goods: GoodsListItem): string[] {
  const keys = new Set<string>();
  for (const sku of goods.skus) if (sku.status !== -1) for (const k of Object.keys(sku.property)) keys.add(k);
  return [...keys];
}

export async function loginToken(baseURL: string, username = 'demo', password = 'demo1234'): Promise<string> {
  const data = await callApi<{ token: string }>(baseURL, '/api/memberService/member/login/', {
    username,
    password,
  });
  return data.token;
}
