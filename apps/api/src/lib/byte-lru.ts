/**
 * A least-recently-used cache bounded by the total size of its values in bytes, not by their number:
 * resized images vary from a few hundred bytes to a few hundred kilobytes (media service).
 */
export class ByteLru<V extends { byteLength: number }> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the oldest entry first.
  readonly #entries = new Map<string, V>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** The value under key, marked as most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Stores a value and evicts the least recently used ones until the total fits; a value larger than the whole cache is not kept. */
  set(key: string, value: V): void {
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#bytes -= previous.byteLength;
    }
    if (value.byteLength > this.maxBytes) return;
    this.#entries.set(key, value);
    this.#bytes += value.byteLength;
    for (const [oldKey, oldValue] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= oldValue.byteLength;
    }
  }

  /** Forgets every value. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** Total bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}
