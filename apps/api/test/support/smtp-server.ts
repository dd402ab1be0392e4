import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The login the client used, when it logged in. */
  user: string | null;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` (or without the login when the server asks none). */
  url: string;
  /** Mails accepted: the server said 250 to their data while the client was still there to hear it. */
  received: ReceivedMail[];
  /** Mails whose client went away before the server's 250 (not delivered: SMTP delivers on the 250). */
  abandoned: number;
  /** Waits for the next `count` accepted mails (beyond those already received) for up to `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening (the mail server is down); up() listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Addresses refused for good (550 5.1.1); delete from it to accept them again. */
  refused: Set<string>;
  /** Before answering a mail's data, wait this long (a slow server, or a window for a crash mid-send). */
  holdDataMs: number;
  /** Resolves when the next mail's data arrived and is being held (with holdDataMs). */
  nextHeld(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (the `smtp-server` package), as a shop's mail server: it takes mails over
 * SMTP (with a login when `auth` is given), parses them (mailparser) and keeps them for the test to read.
 */
export async function startSmtpServer(
  options: { auth?: { user: string; pass: string }; port?: number } = {},
): Promise<TestSmtpServer> {
  // Addresses the server refuses for good (550), as a real one refuses a mailbox that does not exist.
  const refused = new Set<string>();
  const closedSessions = new Set<string>();
  let heldWaiter: (() => void) | null = null;
  const state = {
    received: [] as ReceivedMail[],
    abandoned: 0,
    holdDataMs: 0,
  };
  const make = () =>
    new SMTPServer({
      secure: false,
      // Plain SMTP on loopback: no STARTTLS is offered, so the client sends in the clear as a local relay allows.
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === options.auth?.user && auth.password === options.auth?.pass)
          return callback(null, { user: auth.username });
        return callback(new Error('535 5.7.8 Authentication credentials invalid'));
      },
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          const error = new Error('5.1.1 Mailbox does not exist') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onClose(session) {
        closedSessions.add(session.id);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const parsed: ParsedMail = await simpleParser(Buffer.concat(chunks));
          if (state.holdDataMs > 0) {
            heldWaiter?.();
            heldWaiter = null;
            await new Promise((r) => setTimeout(r, state.holdDataMs));
          }
          if (closedSessions.has(session.id)) {
            state.abandoned += 1;
            return callback(new Error('client went away'));
          }
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          state.received.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html,
            messageId: parsed.messageId ?? '',
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        });
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);
  const login = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  return {
    port,
    url: `smtp://${login}127.0.0.1:${port}`,
    refused,
    get received() {
      return state.received;
    },
    get abandoned() {
      return state.abandoned;
    },
    get holdDataMs() {
      return state.holdDataMs;
    },
    set holdDataMs(ms: number) {
      state.holdDataMs = ms;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const start = state.received.length;
      const started = Date.now();
      while (state.received.length < start + count) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`${state.received.length - start} of ${count} mails within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return state.received.slice(start, start + count);
    },
    nextHeld: () =>
      new Promise<void>((resolve) => {
        heldWaiter = resolve;
      }),
    down: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async up() {
      server = make();
      await listen(port);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
