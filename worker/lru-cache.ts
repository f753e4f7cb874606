// A least-recently-used cache bounded by a total size (bytes, elements, entries: `sizeOf` says).
// The isolate's memory of hot shards, recent answers and compiled patterns.
export class LruCache<V> {
  private readonly entries = new Map<string, V>(); // least recent first
  private held = 0;

  constructor(
    private readonly capacity: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V) {
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
