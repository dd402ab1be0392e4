import { ByteLru } from './byte-lru';

/**
 * Answers kept in this process's memory until what they were read from changes (docs/decisions/022): a bounded
 * LRU, dropped whole by `invalidate()`.
 *
 * A read that was running when the data changed may have seen the old rows: it is answered but never stored.
 * Every invalidation moves a generation on, and a value is kept only when the generation it started under is
 * still the current one. While the cache cannot hear of changes (`trust(false)`, e.g. its LISTEN connection is
 * down, or in a command-line process that does not listen), it neither answers nor stores.
 */
export class ReadCache<V = Buffer> {
  readonly #entries: ByteLru<{ value: V; byteLength: number }>;
  readonly #sizeOf: (value: V) => number;
  #generation = 0;
  #trusted = false;
  #hits = 0;
  #misses = 0;

  /**
   * Untrusted until told that changes are heard (`trust(true)`). `sizeOf` counts a value's bytes against
   * `maxBytes` (a Buffer's own length by default).
   */
  constructor(maxBytes: number, sizeOf: (value: V) => number = (value) => (value as Buffer).byteLength) {
    this.#entries = new ByteLru(maxBytes);
    this.#sizeOf = sizeOf;
  }

  /**
   * The value stored under `key`, else the one `produce` makes (stored if nothing changed meanwhile). Concurrent
   * misses of one key each produce: a read is a few queries, and sharing a pending read would tie one request's
   * failure to the others.
   */
  async get(key: string, produce: () => Promise<V>): Promise<V> {
    if (this.#trusted) {
      const hit = this.#entries.get(key);
      if (hit !== undefined) {
        this.#hits += 1;
        return hit.value;
      }
    }
    this.#misses += 1;
    const started = this.#generation;
    const value = await produce();
    if (this.#trusted && started === this.#generation)
      this.#entries.set(key, { value, byteLength: this.#sizeOf(value) });
    return value;
  }

  /** Forgets every value, and any read still running when this is called. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /**
   * Whether changes are heard. Untrusted, the cache is bypassed; trusted again, it starts empty, since changes
   * made meanwhile were not heard.
   */
  trust(trusted: boolean): void {
    this.invalidate();
    this.#trusted = trusted;
  }

  get stats(): { hits: number; misses: number; entries: number; bytes: number; trusted: boolean } {
    return {
      hits: this.#hits,
      misses: this.#misses,
      entries: this.#entries.size,
      bytes: this.#entries.bytes,
      trusted: this.#trusted,
    };
  }
}

/**
 * The bytes of a JSON answer as the route's own serializer writes them (its response schema checked in tests),
 * kept in `cache` under `key` when there is a cache.
 */
export function cachedJson(
  cache: ReadCache | null,
  reply: { serialize(payload: unknown): string | Buffer | ArrayBuffer | Uint8Array },
  key: string,
  read: () => Promise<unknown>,
): Promise<Buffer> {
  const produce = async () => {
    const body = reply.serialize(await read());
    return typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as Uint8Array);
  };
  return cache ? cache.get(key, produce) : produce();
}
