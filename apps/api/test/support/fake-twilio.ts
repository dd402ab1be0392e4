import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type FakeAnswer, FakeSmsGateway, type RawRequest } from './fake-sms-gateway';

export const FAKE_TWILIO_ACCOUNT_SID = `AC${'0a1b2c3d'.repeat(4)}`;
export const FAKE_TWILIO_API_KEY_SID = `SK${'9f8e7d6c'.repeat(4)}`;
export const FAKE_TWILIO_FROM = '+61480000123';

/** A message Twilio accepted. */
export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  body: string;
}

/** Twilio's refusals: {code, message, more_info, status}. */
const twilioError = (status: number, code: number, message: string): FakeAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const MESSAGES = {
  20003: 'Authenticate',
  20404: 'The requested resource was not found',
  20429: 'Too Many Requests',
  20500: 'Internal Server Error',
  21211: "Invalid 'To' Phone Number",
  21602: 'Message body is required.',
  21603: "A 'From' or 'MessagingServiceSid' parameter is required to send a message",
  21610: 'Attempt to send to unsubscribed recipient',
} as const;

/**
 * A stand-in for api.twilio.com's Messages resource on 127.0.0.1: HTTP Basic auth with the account SID and auth
 * token, or an API key SID and its secret, checked against the account in the path (401 code 20003 otherwise);
 * then To, From or MessagingServiceSid and Body as Twilio checks them; 201 with the message's SM… sid.
 */
export class FakeTwilio extends FakeSmsGateway<FakeTwilioMessage> {
  readonly authToken = randomBytes(16).toString('hex');
  readonly apiKeySecret = randomBytes(16).toString('hex');

  /** The environment that points the shop at this fake (the auth token; `apiKey` for the API key instead). */
  env(options: { apiKey?: boolean; from?: string } = {}): Record<string, string> {
    return {
      SHOP_SMS_TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
      SHOP_SMS_TWILIO_AUTH_TOKEN: options.apiKey ? this.apiKeySecret : this.authToken,
      ...(options.apiKey ? { SHOP_SMS_TWILIO_API_KEY_SID: FAKE_TWILIO_API_KEY_SID } : {}),
      SHOP_SMS_TWILIO_FROM: options.from ?? FAKE_TWILIO_FROM,
      SHOP_SMS_TWILIO_URL: this.url,
    };
  }

  /** True when the Basic credentials are the account's token or its API key's secret. */
  private authenticated(authorization: string | undefined): boolean {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    const [user, password] = [decoded.slice(0, at), decoded.slice(at + 1)];
    const secret =
      user === FAKE_TWILIO_ACCOUNT_SID
        ? this.authToken
        : user === FAKE_TWILIO_API_KEY_SID
          ? this.apiKeySecret
          : null;
    return (
      at > 0 &&
      secret !== null &&
      password.length === secret.length &&
      timingSafeEqual(Buffer.from(password), Buffer.from(secret))
    );
  }

  protected handle(request: RawRequest): FakeAnswer {
    const path = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(request.url);
    if (!this.authenticated(request.headers.authorization) || (path && path[1] !== FAKE_TWILIO_ACCOUNT_SID))
      return twilioError(401, 20003, MESSAGES[20003]);
    if (!path || request.method !== 'POST') return twilioError(404, 20404, MESSAGES[20404]);
    const failure = this.failures.shift();
    if (failure && 'status' in failure)
      return twilioError(
        failure.status,
        failure.status === 429 ? 20429 : 20500,
        failure.status === 429 ? MESSAGES[20429] : MESSAGES[20500],
      );
    if (failure) return twilioError(400, Number(failure.code), `planned ${failure.code}`);
    const form = new URLSearchParams(request.body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? undefined;
    const messagingServiceSid = form.get('MessagingServiceSid') ?? undefined;
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(400, 21211, MESSAGES[21211]);
    if (from === undefined && messagingServiceSid === undefined)
      return twilioError(400, 21603, MESSAGES[21603]);
    if (body === '') return twilioError(400, 21602, MESSAGES[21602]);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.messages.push({ sid, to, from, messagingServiceSid, body });
    return {
      status: 201,
      body: {
        sid,
        account_sid: FAKE_TWILIO_ACCOUNT_SID,
        to,
        from: from ?? null,
        messaging_service_sid: messagingServiceSid ?? null,
        body,
        status: messagingServiceSid ? 'accepted' : 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${FAKE_TWILIO_ACCOUNT_SID}/Messages/${sid}.json`,
      },
    };
  }
}
