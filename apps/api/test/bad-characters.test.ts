import {
  AdminAfterSalePaths,
  AdminTaxonomyPaths,
  CONTROL_CHARACTER_MESSAGE,
  fieldLabel,
  INVALID_CHARACTER_MESSAGE,
  MemberPaths,
  ResultCode,
} from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInto, type Operation, operations, sample, textPaths, updateAt, urlOf } from './support/routes';
import { staffToken } from './support/staff';
import { createTestApp, envelope, post, type TestApp } from './support/test-app';

let t: TestApp;
let token: string;
/** An owner's console token (every permission, no gate) for the console's calls. */
let staffTokenValue: string;
let ops: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const login = await post(t.app, MemberPaths.login, { username: 'demo', password: 'demo1234' });
  token = envelope<{ token: string }>(login).data.token;
  staffTokenValue = (await staffToken(t, 'owner')).token;
  ops = operations(t.app);
});
afterAll(async () => {
  await t?.close();
});

const CONTROLS: [string, string][] = [
  ['NUL', '\u0000'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
];
// Fields a shopper types on several lines: tab, line feed and carriage return are allowed there only.
const MULTILINE_FIELDS = new Set([
  'memberRemark',
  'note',
  'detail',
  'text',
  'content',
  'message',
  // The console's rich-text HTML and article summaries.
  'html',
  'summary',
  // An after-sales return address (the console's approval and settings).
  'returnAddress',
]);
/** Fields of one call typed on several lines where the same name elsewhere is one line. */
const MULTILINE_AT = new Set([
  `${AdminTaxonomyPaths.brandSave} description`,
  `${AdminAfterSalePaths.reject} reason`,
]);

function send(op: Operation, body: unknown, url = urlOf(op)) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${op.staffOnly ? staffTokenValue : token}`,
  };
  if (op.method === 'GET') return t.app.inject({ method: 'GET', url, headers });
  headers['content-type'] = 'application/json';
  return t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body ?? {}) });
}

/** Every free-text string of every request: body fields (nested ones too), path and query parameters. */
function textInputs() {
  const inputs: { op: Operation; where: 'body' | 'url'; path: (string | number)[] }[] = [];
  for (const op of ops) {
    if (op.body) for (const path of textPaths(op.body)) inputs.push({ op, where: 'body', path });
    for (const p of op.parameters)
      if (p.schema.type === 'string' && !p.schema.enum) inputs.push({ op, where: 'url', path: [p.name] });
  }
  return inputs;
}

async function sendWith(input: ReturnType<typeof textInputs>[number], inserted: string) {
  const { op, where, path } = input;
  if (where === 'body') {
    const body = updateAt(sample(op.body ?? {}), path, (old) => insertInto(old, inserted));
    return send(op, body);
  }
  const name = String(path[0]);
  const param = op.parameters.find((p) => p.name === name);
  return send(
    op,
    op.body ? sample(op.body) : {},
    urlOf(op, { [name]: insertInto(sample(param?.schema ?? {}), inserted) }),
  );
}

describe('control characters in any request string', () => {
  it('covers the routes and their fields', () => {
    const inputs = textInputs();
    // Login, register, profile, addresses, goods filters, checkout, orders, payments, deposits, templates ….
    expect(inputs.length).toBeGreaterThan(40);
    expect(new Set(inputs.map((i) => i.op.path)).size).toBeGreaterThan(20);
  });

  for (const [name, char] of CONTROLS) {
    it(`refuses ${name} in every field with ParamsError naming the field, never a 500`, async () => {
      const failures: string[] = [];
      for (const input of textInputs()) {
        const res = await sendWith(input, char);
        const expected = `${fieldLabel(input.path)}：${CONTROL_CHARACTER_MESSAGE}`;
        const body = res.headers['content-type']?.toString().includes('json') ? envelope(res) : null;
        if (
          res.statusCode !== 400 ||
          body?.resultCode !== ResultCode.ParamsError ||
          body.message !== expected
        )
          failures.push(
            `${input.op.method} ${input.op.path} ${input.path.join('.')}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
      expect(failures).toEqual([]);
    });
  }

  it('refuses a lone surrogate in every body field', async () => {
    const failures: string[] = [];
    for (const input of textInputs().filter((i) => i.where === 'body')) {
      const res = await sendWith(input, '\ud800');
      const expected = `${fieldLabel(input.path)}：${INVALID_CHARACTER_MESSAGE}`;
      if (res.statusCode !== 400 || envelope(res).message !== expected)
        failures.push(
          `${input.op.path} ${input.path.join('.')}: ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('allows line breaks and tabs only in the fields typed on several lines', async () => {
    const failures: string[] = [];
    for (const input of textInputs()) {
      const field = String(input.path.at(-1));
      const multiline = MULTILINE_FIELDS.has(field) || MULTILINE_AT.has(`${input.op.path} ${field}`);
      for (const char of ['\n', '\r\n', '\t']) {
        const res = await sendWith(input, `a${char}b`);
        const refused = res.statusCode === 400 && envelope(res).message.endsWith(CONTROL_CHARACTER_MESSAGE);
        if (refused === multiline)
          failures.push(
            `${input.op.path} ${input.path.join('.')} ${JSON.stringify(char)}: ${res.statusCode}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('still accepts a trailing newline pasted into a one-line field (it is trimmed)', async () => {
    const res = await post(t.app, '/api/goodsService/goods/list/', { keyword: '奶粉\n' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses control characters in form-encoded bodies too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox-pay/bridge',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=T1%00&amount=1',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      resultCode: ResultCode.ParamsError,
      message: `out_trade_no：${CONTROL_CHARACTER_MESSAGE}`,
    });
    const log = await t.app.inject({
      method: 'POST',
      url: '/api/memberService/memberDepositLog/list/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      payload: 'pageNo=1%00',
    });
    expect(log.statusCode).toBe(400);
    expect(envelope(log).resultCode).toBe(ResultCode.ParamsError);
  });
});
