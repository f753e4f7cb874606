// Cells as the catalogue holds them are strings in Indonesian notation: `1.234` is a thousand two
// hundred thirty-four, `12,5` is twelve and a half, `-` or an empty cell is missing.

export type CellValue = { kind: 'number'; value: number } | { kind: 'missing' } | { kind: 'text' };

const MISSING = /^\s*[-–—]?\s*$/;
/** Sign, digits (plain, or grouped by dots in threes), optional decimal comma; spaces around. */
const INDONESIAN_NUMBER = /^\s*([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?\s*$/;

export function parseCell(cell: string): CellValue {
  const match = INDONESIAN_NUMBER.exec(cell);
  if (!match) return MISSING.test(cell) ? { kind: 'missing' } : { kind: 'text' };
  const [, sign, whole, fraction] = match;
  const digits = whole!.length > 3 && whole!.includes('.') ? whole!.replace(/\./g, '') : whole!;
  const value = Number(fraction === undefined ? digits : `${digits}.${fraction}`);
  return Number.isFinite(value)
    ? { kind: 'number', value: sign === '-' && value !== 0 ? -value : value }
    : { kind: 'text' };
}

/**
 * The number a cell holds written plainly, as data files write numbers: a dot decimal, no grouping,
 * no exponent (`-1.234,5` → `-1234.5`); undefined when the cell holds no number. Written from the
 * cell's digits, so a number too long for a double keeps every digit.
 */
export function plainDecimal(cell: string): string | undefined {
  const match = INDONESIAN_NUMBER.exec(cell);
  if (!match || parseCell(cell).kind !== 'number') return undefined;
  const [, sign, whole, fraction] = match;
  const digits = whole!.length > 3 && whole!.includes('.') ? whole!.replace(/\./g, '') : whole!;
  const integer = digits.replace(/^0+(?=\d)/, '');
  const zero = /^0*$/.test(integer + (fraction ?? ''));
  return `${sign === '-' && !zero ? '-' : ''}${integer}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** The number a cell holds, or undefined when it is missing or not a number. */
export function parseIndonesianNumber(cell: string): number | undefined {
  const parsed = parseCell(cell);
  return parsed.kind === 'number' ? parsed.value : undefined;
}

export interface NumberNotation {
  group: string;
  decimal: string;
}

/** A number for people: grouped thousands, at most `maxDecimals` decimals, trailing zeros dropped. */
export function formatNumber(value: number, notation: NumberNotation, maxDecimals = 2): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const digits = Math.abs(value) < 1 && value !== 0 ? Math.max(maxDecimals, 4) : maxDecimals;
  const [whole, fraction = ''] = Math.abs(value).toFixed(digits).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, notation.group);
  const sign = value < 0 && (whole !== '0' || trimmed !== '') ? '-' : '';
  return `${sign}${grouped}${trimmed ? notation.decimal + trimmed : ''}`;
}
