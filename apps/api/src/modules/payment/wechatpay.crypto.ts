import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

/**
 * WeChat Pay API v3's cryptography (docs/decisions/032-wechat-pay-v3.md), with node:crypto alone:
 * - a request is signed WECHATPAY2-SHA256-RSA2048: RSA PKCS#1 v1.5 with SHA-256 of the merchant's private key
 *   over `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n`, base64, in the Authorization header;
 * - an answer and a notify carry Wechatpay-Timestamp, -Nonce, -Signature and -Serial; the signature is over
 *   `timestamp\nnonce\nbody\n` with WeChat Pay's key (here its public key, serial PUB_KEY_ID_…);
 * - a notify's resource is AEAD_AES_256_GCM with the APIv3 key (32 bytes), its associated_data and nonce;
 *   the last 16 bytes of the ciphertext are the tag.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** How far an answer's or a notify's timestamp may be from the shop's clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** WeChat Pay's probes of a merchant's verification carry signatures starting with this: never valid. */
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

export function loadPrivateKey(pem: string): KeyObject {
  return createPrivateKey({ key: pem, format: 'pem' });
}

export function loadPublicKey(pem: string): KeyObject {
  return createPublicKey({ key: pem, format: 'pem' });
}

/** 32 characters of [0-9A-Z], the nonce of a request. */
export function newNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** Base64 RSA-SHA256 signature of `message`. */
export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

/** True when `signature` (base64) is `key`'s RSA-SHA256 signature of `message`. */
export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of a request: `pathWithQuery` starts with /v3/, `body` is '' for GET. */
export function authorization(input: {
  mchid: string;
  serialNo: string;
  key: KeyObject;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp: number;
  nonce: string;
}): string {
  const message = `${input.method}\n${input.pathWithQuery}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
  const signature = rsaSign(input.key, message);
  return `${AUTH_SCHEMA} mchid="${input.mchid}",nonce_str="${input.nonce}",signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`;
}

/** The fields of an Authorization header of the v3 schema; null when it is not one. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1] as string] = match[2] as string;
  }
  return fields;
}

export type WechatpayHeaders = Record<string, string | string[] | undefined>;

function header(headers: WechatpayHeaders, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Why an answer or a notify was not taken as WeChat Pay's; null when it was. */
export function signatureProblem(
  headers: WechatpayHeaders,
  body: string,
  expected: { serial: string; key: KeyObject; nowSeconds: number },
): string | null {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay-* signature headers';
  if (signature.startsWith(SIGNTEST_PREFIX)) return 'a WECHATPAY/SIGNTEST/ probe signature';
  if (serial !== expected.serial) return `unknown Wechatpay-Serial ${serial.slice(0, 64)}`;
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad Wechatpay-Timestamp';
  if (Math.abs(expected.nowSeconds - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS)
    return 'Wechatpay-Timestamp more than 5 minutes from now';
  if (!rsaVerify(expected.key, `${timestamp}\n${nonce}\n${body}\n`, signature)) return 'bad signature';
  return null;
}

/** Decrypts a notify's AEAD_AES_256_GCM resource with the APIv3 key; throws when it was tampered with. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}
