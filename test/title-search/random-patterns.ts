// Seeded random patterns and titles over one small alphabet that holds what tells regex engines
// apart: both letter cases, letters whose folding is special (é/É, ß, ſ, the Kelvin sign, ı/İ),
// astral letters (surrogate pairs), white space JavaScript knows (no-break space) and line ends.
import { seededRandom } from '../../tools/synth/seeded-random.ts';

export const ALPHABET = [
  'a',
  'A',
  'b',
  'B',
  'k',
  'K',
  's',
  'S',
  'i',
  'I',
  'z',
  '0',
  '1',
  '9',
  ' ',
  '_',
  '-',
  '.',
  '(',
  ')',
  ']',
  '[',
  ':',
  '\u00a0',
  '\r',
  '\n',
  '\u2028',
  'é',
  'É',
  'ß',
  'ſ',
  '\u212a',
  'ı',
  'İ',
  '\u{10400}',
  '\u{10428}',
  '\u{1d400}',
];

export type Random = ReturnType<typeof seededRandom>;

export function randomTitle(random: Random, maxLength: number): string {
  let title = '';
  for (let n = random.int(maxLength + 1); n > 0; n--) title += random.pick(ALPHABET);
  return title;
}

const SPECIAL = /[\\^$.*+?()[\]{}|/]/;
const escapeUnit = (unit: string) =>
  SPECIAL.test(unit) ? `\\${unit}` : unit === '\r' ? '\\r' : unit === '\n' ? '\\n' : unit;
const ESCAPES = ['\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '.'];
const ASSERTIONS = ['^', '$', '\\b', '\\B'];
const QUANTIFIERS = ['*', '+', '?', '{2}', '{1,3}', '{0,2}', '{2,}'];

/** A random pattern of bounded depth; `nestQuantifiers` false keeps it free of nested loops. */
export function randomPattern(random: Random, depth = 3, nestQuantifiers = true): string {
  const parts: string[] = [];
  for (let n = 1 + random.int(3); n > 0; n--)
    parts.push(randomTerm(random, depth, nestQuantifiers));
  const sequence = parts.join('');
  return random.chance(0.2)
    ? `${sequence}|${randomTerm(random, depth - 1, nestQuantifiers)}`
    : sequence;
}

function randomTerm(random: Random, depth: number, nestQuantifiers: boolean): string {
  const choice = random.int(depth > 0 ? 10 : 7);
  let atom: string;
  if (choice < 3) atom = escapeUnit(random.pick(ALPHABET));
  else if (choice < 4) atom = random.pick(ESCAPES);
  else if (choice < 5) atom = randomClass(random);
  else if (choice < 6) return random.pick(ASSERTIONS);
  else if (choice < 7) atom = escapeUnit(random.pick(ALPHABET)) + escapeUnit(random.pick(ALPHABET));
  else {
    const inner = randomPattern(random, depth - 1, nestQuantifiers);
    atom = `(${random.pick(['', '?:'])}${inner})`;
    if (!nestQuantifiers && /[*+?}]/.test(inner)) return atom;
  }
  if (!random.chance(0.35)) return atom;
  return atom + random.pick(QUANTIFIERS) + (random.chance(0.3) ? '?' : '');
}

function randomClass(random: Random): string {
  const members: string[] = [];
  for (let n = random.int(4); n >= 0; n--) {
    if (random.chance(0.2)) members.push(random.pick(['\\d', '\\w', '\\s', '\\W', '\\S']));
    else if (random.chance(0.25)) {
      const [low, high] = [random.pick(ALPHABET), random.pick(ALPHABET)].sort();
      if (low!.length === 1 && high!.length === 1)
        members.push(`${escapeClassUnit(low!)}-${escapeClassUnit(high!)}`);
    } else members.push(escapeClassUnit(random.pick(ALPHABET)));
  }
  return `[${random.chance(0.3) ? '^' : ''}${members.join('')}]`;
}

const escapeClassUnit = (unit: string) =>
  /[\\\]^\-[]/.test(unit) ? `\\${unit}` : unit === '\r' ? '\\r' : unit === '\n' ? '\\n' : unit;
