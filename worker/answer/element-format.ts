// How an element is written into an answer: as stored, or projected to some of its keys
// (`fields=`). A projection concatenates byte ranges of the stored JSON, whose key offsets the
// index holds; nothing is parsed or re-serialized.
import { ELEMENT_KEYS, type ElementKey } from '../../core/contract.ts';
import type { ElementKeyStarts } from '../../core/snapshot-layout.ts';
import type { ChunkWriter, ElementFormat } from './streamed-answer.ts';

const KEYS = ELEMENT_KEYS.length;
const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const COMMA = 0x2c; // ,

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
  // Keys next to each other in the stored JSON are copied as one range, commas between them
  // included (`_id,title,unit` is one range): a broad listing writes a few pieces per element.
  const keys = fields.map((field) => ELEMENT_KEYS.indexOf(field)).sort((a, b) => a - b);
  const groupFirst: number[] = [];
  const groupLast: number[] = [];
  for (const k of keys) {
    if (groupLast.length > 0 && groupLast[groupLast.length - 1] === k - 1)
      groupLast[groupLast.length - 1] = k;
    else {
      groupFirst.push(k);
      groupLast.push(k);
    }
  }
  const groups = groupFirst.length;
  // `"key":value,…,"key":value` of keys first..last: from the first's start to one byte (comma
  // or closing brace) before the start of the key after the last
  const start = (e: number, g: number) => keyStart[e * KEYS + groupFirst[g]!]!;
  const end = (e: number, g: number) => {
    const after = groupLast[g]! + 1;
    return (after < KEYS ? keyStart[e * KEYS + after]! : elementLength[e]!) - 1;
  };
  return {
    length(e) {
      let length = 2 + groups - 1;
      for (let g = 0; g < groups; g++) length += end(e, g) - start(e, g);
      return length;
    },
    write(e, bytes, out: ChunkWriter) {
      out.byte(OPEN);
      for (let g = 0; g < groups; g++) {
        if (g > 0) out.byte(COMMA);
        out.range(bytes, start(e, g), end(e, g));
      }
      out.byte(CLOSE);
    },
  };
}
