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
  readonly #keep: (value: V) => boolean;
  /** Reads under way, each shared by the misses of its key that come while it runs (same generation only). */
  readonly #running = new Map<string, { generation: number; value: Promise<V> }>();
  #generation = 0;
  #trusted = false;
  #hits = 0;
  #misses = 0;

  /**
   * Untrusted until told that changes are heard (`trust(true)`). `sizeOf` counts a value's bytes against
   * `maxBytes` (a Buffer's own length by default); a value `keep` refuses is answered but not stored.
   */
  constructor(
    maxBytes: number,
    sizeOf: (value: V) => number = (value) => (value as Buffer).byteLength,
    keep: (value: V) => boolean = () => true,
  ) {
    this.#entries = new ByteLru(maxBytes);
    this.#sizeOf = sizeOf;
    this.#keep = keep;
  }

  /**
   * The value stored under `key`, else the one `produce` makes (stored if nothing changed meanwhile). Misses of
   * one key at the same time share one read: on a large catalogue a list that is not in memory can take a good
   * part of a second, and ten shoppers asking for it at once must not make ten of them.
   */
  async get(key: string, produce: () => Promise<V>): Promise<V> {
    if (this.#trusted) {
      const hit = this.#entries.get(key);
      if (hit !== undefined) {
        this.#hits += 1;
        return hit.value;
      }
      const running = this.#running.get(key);
      if (running !== undefined && running.generation === this.#generation) {
        this.#hits += 1;
        return running.value;
      }
    }
    this.#misses += 1;
    const started = this.#generation;
    // Made a real promise once: a query builder's answer (Drizzle's) is a lazy thenable that runs its statement
    // again on every `then`, so each caller sharing it would run the read once more, on the connection of the
    // first caller's transaction, even after that transaction had ended.
    const value = Promise.resolve(produce());
    if (!this.#trusted) return value;
    const entry = { generation: started, value };
    this.#running.set(key, entry);
    try {
      const done = await value;
      if (this.#trusted && started === this.#generation && this.#keep(done))
        this.#entries.set(key, { value: done, byteLength: this.#sizeOf(done) });
      return done;
    } finally {
      if (this.#running.get(key) === entry) this.#running.delete(key);
    }
  }

  /**
   * The values stored under `keys`, the missing ones read together by one `produce` (given the keys it must read,
   * answering what it found: a key it leaves out has no value, and none is stored for it). What was read is stored
   * if nothing changed meanwhile, as `get` stores. For answers made of many small values (the SKUs of a cart), where
   * one read of the few missing is far cheaper than one read per key; reads running for some keys are not shared.
   */
  async getMany(
    keys: readonly string[],
    produce: (missing: string[]) => Promise<ReadonlyMap<string, V>>,
  ): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const missing = new Set<string>();
    for (const key of keys) {
      if (found.has(key) || missing.has(key)) continue;
      const hit = this.#trusted ? this.#entries.get(key) : undefined;
      if (hit === undefined) missing.add(key);
      else found.set(key, hit.value);
    }
    this.#hits += found.size;
    if (missing.size === 0) return found;
    this.#misses += missing.size;
    const started = this.#generation;
    const read = await produce([...missing]);
    const store = this.#trusted && started === this.#generation;
    for (const key of missing) {
      const value = read.get(key);
      if (value === undefined) continue;
      found.set(key, value);
      if (store && this.#keep(value)) this.#entries.set(key, { value, byteLength: this.#sizeOf(value) });
    }
    return found;
  }

  /** Forgets every value, and any read still running when this is called. */
  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#running.clear();
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
