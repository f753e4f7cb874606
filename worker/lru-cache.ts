// A least-recently-used cache bounded by a total size (bytes, elements, entries: `sizeOf` says).
// The isolate's memory of hot element bytes, recent answers and compiled patterns.
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>(); // least recent first
  private held = 0;

  constructor(
    readonly capacity: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.held;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V) {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.held -= this.sizeOf(previous);
    }
    this.entries.set(key, value);
    this.held += this.sizeOf(value);
    for (const [oldKey, old] of this.entries) {
      if (this.held <= this.capacity) break;
      this.entries.delete(oldKey);
      this.held -= this.sizeOf(old);
    }
  }

  clear() {
    this.entries.clear();
    this.held = 0;
  }
}
