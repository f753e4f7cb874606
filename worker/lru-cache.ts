// A cache bounded by a total size (bytes, elements, entries: `sizeOf` says) that drops the least
// recently used entries first, as the second-chance ("clock") approximation of LRU does: a read
// only marks its entry, and eviction moves marked entries to the back instead of dropping them.
// A strict LRU moves every entry it reads to the back of its Map (a delete and a set): an answer
// of 8,000 cached elements spent about 2 ms on that alone. The isolate's memory of hot element
// bytes, recent answers and compiled patterns.
interface Entry<V> {
  value: V;
  /** Read since it was inserted, or since eviction last passed it. */
  used: boolean;
}

export class LruCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>(); // oldest first
  private held = 0;

  constructor(
    readonly capacity: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.held;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V) {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.held -= this.sizeOf(previous.value);
    }
    const size = this.sizeOf(value);
    if (size > this.capacity) return; // it would not fit even alone: not kept
    this.evict(this.capacity - size);
    this.entries.set(key, { value, used: false });
    this.held += size;
  }

  clear() {
    this.entries.clear();
    this.held = 0;
  }

  /** Drops unread entries, oldest first, until they hold at most `room`. */
  private evict(room: number) {
    while (this.held > room && this.entries.size > 0) {
      const [oldKey, old] = this.entries.entries().next().value as [K, Entry<V>];
      this.entries.delete(oldKey);
      if (old.used) {
        old.used = false; // a second chance: to the back
        this.entries.set(oldKey, old);
      } else {
        this.held -= this.sizeOf(old.value);
      }
    }
  }
}
