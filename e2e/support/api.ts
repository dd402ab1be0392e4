import { type BodilessPath, type BodyArg, exchange, readEnvelope, typedCalls } from '@shop/api-client';
import { CataloguePaths, type DataOf, type DataPath, type GoodsListItem, MemberPaths } from '@shop/domain';

/**
 * The shop's API as the journeys call it: the shared client (packages/api-client), POST JSON with the member's
 * bearer token, the body and answer typed by the path's contract. A refusal is its ApiError, its message naming
 * the path so a failed step says which call refused.
 */
function shopApi(baseURL: string, token: string | undefined) {
  return typedCalls<never>(async (path, body) => {
    // An upload (FormData) goes as multipart with its own boundary; everything else as JSON.
    const multipart = body instanceof FormData;
    const headers: Record<string, string> = multipart ? {} : { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await exchange(
        fetch,
        `${baseURL}${path}`,
        { method: 'POST', headers, body: multipart ? body : JSON.stringify(body ?? {}) },
        {},
        readEnvelope,
      );
    } catch (error) {
      if (error instanceof Error) error.message = `${path}: ${error.message}`;
      throw error;
    }
  });
}

export function callApi<P extends DataPath>(
  baseURL: string,
  path: P,
  body: BodyArg<P>,
  token?: string,
): Promise<DataOf<P>>;
export function callApi<P extends BodilessPath>(baseURL: string, path: P): Promise<DataOf<P>>;
export function callApi<P extends DataPath>(
  baseURL: string,
  path: P,
  body?: BodyArg<P>,
  token?: string,
): Promise<DataOf<P>> {
  return shopApi(baseURL, token).request(path, body ?? ({} as BodyArg<P>));
}

/** Every product on the shelf, page by page (the demo catalogue has a few hundred). */
export async function allGoods(baseURL: string): Promise<GoodsListItem[]> {
  const items: GoodsListItem[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await callApi(baseURL, CataloguePaths.goodsList, {
      pageNo,
      pageSize: 100,
    });
    items.push(...page.items);
    if (items.length >= page.totalCount || page.items.length === 0) return items;
  }
}

/**
 * A SKU sold by the piece, any quantity from 1 (ADR 050): what a journey buys one or two of. The demo sells some SKUs
 * only in cases, which a quantity of 1 breaks.
 */
export const byThePiece = (sku: { minQty: number; stepQty: number }) => sku.minQty === 1 && sku.stepQty === 1;

/** A product whose every SKU is sold by the piece (byThePiece). */
export const goodsByThePiece = (goods: { skus: readonly { minQty: number; stepQty: number }[] }) =>
  goods.skus.every(byThePiece);

/** The attribute keys a product's sellable SKUs use. */
export function attributeKeys(goods: GoodsListItem): string[] {
  const keys = new Set<string>();
  for (const sku of goods.skus) if (sku.status !== -1) for (const k of Object.keys(sku.property)) keys.add(k);
  return [...keys];
}

export async function loginToken(baseURL: string, username = 'demo', password = 'demo1234'): Promise<string> {
  const data = await callApi(baseURL, MemberPaths.login, {
    username,
    password,
  });
  return data.token;
}
