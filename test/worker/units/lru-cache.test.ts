import { describe, expect, it } from 'vitest';
import { LruCache } from '../../../worker/lru-cache.ts';

describe('LruCache', () => {
  it('drops the least recently used entries past its capacity', () => {
    const cache = new LruCache<string, string>(5, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('b', 'yy');
    cache.get('a'); // a is now the most recent
    cache.set('c', 'zz');
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe('xx');
    expect(cache.size).toBe(4);
  });

  it('keeps an entry read since it was added over older unread ones, through many evictions', () => {
    const cache = new LruCache<number, string>(10, () => 1);
    for (let i = 0; i < 10; i++) cache.set(i, `v${i}`);
    for (let i = 10; i < 40; i++) {
      cache.get(0); // read before each addition: always the most recently used
      cache.set(i, `v${i}`);
    }
    expect(cache.get(0)).toBe('v0');
    expect(cache.has(39)).toBe(true);
    expect(cache.has(1)).toBe(false);
    expect(cache.size).toBe(10);
  });

  it('does not keep a value larger than its capacity, nor drop others for it', () => {
    const cache = new LruCache<string, string>(5, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('big', 'xxxxxx');
    expect(cache.has('big')).toBe(false);
    expect(cache.get('a')).toBe('xx');
    expect(cache.size).toBe(2);
  });

  it('replaces an entry and counts its new size', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('a', 'x');
    expect(cache.size).toBe(1);
  });
});
