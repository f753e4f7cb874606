import { describe, expect, it } from 'vitest';
import { ElementCache } from '../../../../worker/snapshot/index-caches.ts';
import { Overlay } from '../../../../worker/snapshot/overlay.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the overlay', () => {
  // elements 2 and 7 changed since the base: their bytes joined by ","
  const file = bytes('{"a":1},{"bb":22}');
  const lengths = new Map([
    [2, 7],
    [7, 9],
  ]);
  const overlay = Overlay.of(file, Uint32Array.of(2, 7), Uint32Array.of(0, 8), (e) =>
    lengths.get(e)!,
  );

  it('gives each element its bytes', () => {
    expect(new TextDecoder().decode(overlay.get(2))).toBe('{"a":1}');
    expect(new TextDecoder().decode(overlay.get(7))).toBe('{"bb":22}');
    expect(overlay.get(3)).toBeUndefined();
    expect([overlay.size, overlay.bytes]).toEqual([2, file.length]);
  });

  it('refuses a file shorter than the index says', () => {
    expect(() => Overlay.of(file, Uint32Array.of(7), Uint32Array.of(8), () => 20)).toThrow(
      /shorter than the index says/,
    );
  });

  it('is held by the element cache, always, which is smaller by its bytes', () => {
    const cache = new ElementCache(100, overlay);
    expect([cache.has(2), cache.overlaid(2), cache.overlaid(3)]).toEqual([true, true, false]);
    // what is left of the capacity: 100 - 17 bytes; an element of 84 bytes does not fit
    cache.keep(3, new Uint8Array(84));
    expect(cache.has(3)).toBe(false);
    cache.keep(3, new Uint8Array(83));
    expect(cache.has(3)).toBe(true);
    // an emptied cache (a cold isolate) keeps the overlay
    const cold = cache.emptied();
    expect([cold.has(3), cold.has(7), cold.overlaidAny]).toEqual([false, true, true]);
  });
});
