import { ByteLru } from '../../lib/byte-lru';

/**
 * The built xlsx files of the goods exports, per catalogue version (spec §7 exportGoodsPrice/,
 * exportGoodsSkuData/). A file is built once per catalogue version and key (kind, currency, member level,
 * filters) and then served from memory; requests for a file being built wait for that build (single-flight);
 * one build runs at a time, so a burst of exports cannot take the event loop and the database from the
 * shop's other calls. The memory is bounded (least recently used files go first), a new catalogue version
 * drops every file of the old one, and a file older than the time to live is built again, so even a change
 * that did not bump the version (an operator editing the database by hand) shows within minutes.
 */

interface Entry {
  content: Buffer;
  builtAt: number;
  byteLength: number;
}

export interface ExportCacheOptions {
  maxBytes: number;
  ttlMs: number;
  now: () => number;
}

export interface ExportCacheStats {
  /** Files built since start (a build per version and key; waiting requests share it). */
  builds: number;
  /** Requests answered with a stored file. */
  hits: number;
  entries: number;
  bytes: number;
}

export class ExportCache {
  readonly #files: ByteLru<Entry>;
  readonly #building = new Map<string, Promise<Buffer>>();
  #version: string | null = null;
  // Builds run one after another: each waits for the previous one to settle.
  #queue: Promise<unknown> = Promise.resolve();
  #builds = 0;
  #hits = 0;

  constructor(private readonly options: ExportCacheOptions) {
    this.#files = new ByteLru<Entry>(options.maxBytes);
  }

  /** The file for `key` at catalogue `version`: stored, being built, or built now by `build`. */
  async get(version: string, key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    if (version !== this.#version) {
      // A newer catalogue: the old files will never be asked for again. (An older version read by a slow
      // request is served without being stored.)
      if (this.#version === null || compareVersions(version, this.#version) > 0) {
        this.#version = version;
        this.#files.clear();
      }
    }
    const id = `${version}|${key}`;
    const stored = this.#files.get(id);
    if (stored && this.options.now() - stored.builtAt < this.options.ttlMs) {
      this.#hits += 1;
      return stored.content;
    }
    const running = this.#building.get(id);
    if (running) return running;

    const built = this.#queue.then(async () => {
      this.#builds += 1;
      const content = await build();
      if (version === this.#version) {
        this.#files.set(id, { content, builtAt: this.options.now(), byteLength: content.byteLength });
      }
      return content;
    });
    this.#queue = built.catch(() => undefined);
    this.#building.set(id, built);
    try {
      return await built;
    } finally {
      this.#building.delete(id);
    }
  }

  stats(): ExportCacheStats {
    return { builds: this.#builds, hits: this.#hits, entries: this.#files.size, bytes: this.#files.bytes };
  }
}

/** Versions are decimal counters as text; a longer one is larger. */
function compareVersions(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}
