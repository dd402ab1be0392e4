import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { secretMatches } from '../lib/crypto';
import { isLoopback } from '../lib/loopback';
import { backupError } from './backup-files';

/**
 * How an operator command reaches the shop process that holds the embedded database's folder (only one process
 * may open it, db/data-dir-lock.ts). The process listens on a port of its own on the loopback address, never
 * the shop's public one and never in its API docs, and writes the port with a random token into a file beside
 * its lock that only the shop's user can read. A command that can read the file may ask; nobody else can.
 */

export const OPERATOR_FILE = 'shop-operator.json';

interface ChannelFile {
  pid: number;
  port: number;
  token: string;
}

/** What the process does for an operator: each answer is JSON. */
export interface OperatorActions {
  backup(): Promise<{ path: string; bytes: number }>;
}

function answer(reply: ServerResponse, status: number, body: unknown) {
  reply.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  reply.end(JSON.stringify(body));
}

/**
 * Opens the channel of the process holding `dataDir`; resolves with its close, which stops listening and
 * removes the file.
 */
export async function openOperatorChannel(
  dataDir: string,
  actions: OperatorActions,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const handle = async (request: IncomingMessage, reply: ServerResponse) => {
    request.resume();
    if (!isLoopback(request.socket.remoteAddress)) return answer(reply, 403, { message: 'loopback only' });
    if (!secretMatches(String(request.headers.authorization ?? ''), `Bearer ${token}`))
      return answer(reply, 401, { message: 'bad token' });
    if (request.method !== 'POST' || request.url !== '/backup')
      return answer(reply, 404, { message: 'no such action' });
    try {
      answer(reply, 200, await actions.backup());
    } catch (error) {
      onError(error);
      answer(reply, 500, { message: error instanceof Error ? error.message : String(error) });
    }
  };
  const server = createServer((request, reply) => void handle(request, reply));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  // The shop's stop, not this side door, decides when the process ends.
  server.unref();
  const path = join(dataDir, OPERATOR_FILE);
  const content: ChannelFile = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  try {
    const draft = `${path}.${randomBytes(6).toString('hex')}`;
    const file = await open(draft, 'wx', 0o600);
    try {
      await file.writeFile(JSON.stringify(content));
    } finally {
      await file.close();
    }
    await rename(draft, path);
  } catch (error) {
    server.close();
    throw error;
  }
  return async () => {
    const current = await readFile(path, 'utf8').catch(() => '');
    if (current.includes(token)) await rm(path, { force: true });
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
}

/**
 * Asks the shop process that holds `dataDir` to take a backup; resolves with the file it wrote. The file
 * naming the channel must be readable by the shop's user alone, or the command refuses to use it.
 */
export async function askShopForBackup(dataDir: string): Promise<{ path: string; bytes: number }> {
  const path = join(dataDir, OPERATOR_FILE);
  let channel: ChannelFile;
  try {
    const info = await stat(path);
    if ((info.mode & 0o077) !== 0) {
      throw backupError(
        `${path} 的权限过宽（应为 600），为安全起见不使用 / ${path} may be read by others (should be 600): refused`,
      );
    }
    channel = JSON.parse(await readFile(path, 'utf8')) as ChannelFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) {
      throw backupError(
        `商城正在运行，但没有找到它的运维通道（${path}）：请重启商城后再试，或停止商城后运行本命令 / the running shop has no operator channel: restart it, or stop it and run this command`,
      );
    }
    throw error;
  }
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${channel.port}/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${channel.token}` },
      // A large database takes a while to dump and compress.
      signal: AbortSignal.timeout(30 * 60_000),
    });
  } catch {
    throw backupError(
      `无法连接正在运行的商城（端口 ${channel.port}）/ cannot reach the running shop on its operator port`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as {
    path?: string;
    bytes?: number;
    message?: string;
  };
  if (!response.ok || typeof body.path !== 'string' || typeof body.bytes !== 'number') {
    throw backupError(
      `商城未能完成备份 / the shop could not take the backup: ${body.message ?? response.status}`,
    );
  }
  return { path: body.path, bytes: body.bytes };
}
