import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of a fake gateway. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** How the next requests fail: an HTTP status (with the gateway's own 5xx body) or one of its refusal codes. */
export type PlannedFailure = { status: number } | { code: string };

/** A request as a fake gateway received it: the raw body and headers, for the fake's own signature check. */
export interface RawRequest {
  method: string;
  /** Path with its query string, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * What the three SMS gateway fakes share: a real HTTP server on 127.0.0.1 (a random port), told to fail the
 * next requests or to hang. Each fake checks requests exactly as its gateway does; failures are planned only
 * for requests that passed that check, since the gateway would have refused the others first.
 */
export abstract class FakeSmsGateway<Message> {
  readonly server: Server;
  url = '';
  /** Requests answered so far, signed right or not. */
  requests = 0;
  /** Failures for the next requests that pass the signature check, in order. */
  failures: PlannedFailure[] = [];
  /** While true, requests are read and never answered (the client's timeout is what ends them). */
  hang = false;
  /** The messages the gateway accepted, as its console would list them. */
  messages: Message[] = [];

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests += 1;
        if (this.hang) return;
        const raw: RawRequest = {
          method: req.method ?? '',
          url: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        const answer = this.handle(raw);
        res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(answer.body));
      });
    });
  }

  /** Forgets the accepted messages and the planned failures, and answers again (between tests). */
  reset(): void {
    this.messages = [];
    this.failures = [];
    this.hang = false;
  }

  /** Fails the next `count` accepted requests the given way. */
  failNext(count: number, failure: PlannedFailure): void {
    for (let i = 0; i < count; i += 1) this.failures.push(failure);
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  protected abstract handle(request: RawRequest): FakeAnswer;
}
