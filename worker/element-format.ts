// How an element is written into an answer: as stored, or projected to some of its keys
// (`fields=`). A projection concatenates byte ranges of the stored JSON, whose key offsets the
// index holds; nothing is parsed or re-serialized.
import { ELEMENT_KEYS, type ElementKey } from '../core/contract.ts';
import type { ElementKeyStarts } from '../core/snapshot-layout.ts';
import type { ChunkWriter, ElementFormat } from './answer-stream.ts';

const KEYS = ELEMENT_KEYS.length;
const encoder = new TextEncoder();
const OPEN = encoder.encode('{');
const CLOSE = encoder.encode('}');
const COMMA = encoder.encode(',');

/** The element as stored. */
export const wholeElement = (elementLength: Uint32Array): ElementFormat => ({
  length: (e) => elementLength[e]!,
  write: (_e, bytes, out) => out.piece(bytes),
});

/** Only `fields` of each element, in the contract's key order; `keyStart` from keys.bin. */
export function projectedElement(
  elementLength: Uint32Array,
  keyStart: ElementKeyStarts,
  fields: readonly ElementKey[],
): ElementFormat {
  const keys = fields.map((field) => ELEMENT_KEYS.indexOf(field));
  // `"key":value` of key k: from its start to one byte (comma or closing brace) before the next
  // key's
  const range = (e: number, k: number): [number, number] => {
    const start = keyStart[e * KEYS + k]!;
    const next = k + 1 < KEYS ? keyStart[e * KEYS + k + 1]! : elementLength[e]!;
    return [start, next - 1];
  };
  return {
    length(e) {
      let length = 2 + keys.length - 1;
      for (const k of keys) {
        const [start, end] = range(e, k);
        length += end - start;
      }
      return length;
    },
    write(e, bytes, out: ChunkWriter) {
      out.piece(OPEN);
      keys.forEach((k, i) => {
        if (i > 0) out.piece(COMMA);
        out.piece(bytes.subarray(...range(e, k)));
      });
      out.piece(CLOSE);
    },
  };
}
