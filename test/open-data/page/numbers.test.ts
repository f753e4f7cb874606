import { describe, expect, it } from 'vitest';
import { formatNumber, parseCell, parseIndonesianNumber } from '../../../core/tables/numbers.ts';

const id = { group: '.', decimal: ',' };
const en = { group: ',', decimal: '.' };

describe('parseIndonesianNumber', () => {
  it.each([
    ['1.234', 1234],
    ['12,5', 12.5],
    ['1.234,5', 1234.5],
    ['-5', -5],
    ['+7', 7],
    ['0', 0],
    ['1250000', 1250000],
    ['1.234.567', 1234567],
    ['-1.234,5', -1234.5],
    ['0,05', 0.05],
    [' 42 ', 42],
    ['1\u00A0234'.replace('\u00A0', ''), 1234],
  ])('reads %j as %d', (cell, value) => {
    expect(parseIndonesianNumber(cell)).toBe(value);
  });

  it.each(['-', '', '  ', '–', '—'])('reads %j as missing', (cell) => {
    expect(parseCell(cell)).toEqual({ kind: 'missing' });
    expect(parseIndonesianNumber(cell)).toBeUndefined();
  });

  it.each(['abc', '3.2', '1.23', '1,234.5', '12,', ',5', '+', '-x', '+62 812', '1.2345', '5%'])(
    'reads %j as not a number',
    (cell) => {
      expect(parseCell(cell)).toEqual({ kind: 'text' });
    },
  );
});

describe('formatNumber', () => {
  it.each([
    [1234, '1.234'],
    [1234.5, '1.234,5'],
    [12.5, '12,5'],
    [88, '88'],
    [-5, '-5'],
    [1250000, '1.250.000'],
    [0.05, '0,05'],
    [2 / 3, '0,6667'],
    [-0.0001, '-0,0001'],
    [-0.00001, '0'],
  ])('writes %d as %j in Indonesian notation', (value, shown) => {
    expect(formatNumber(value, id)).toBe(shown);
  });

  it('writes English notation too', () => {
    expect(formatNumber(1234567.25, en)).toBe('1,234,567.25');
  });

  it('reads back what it writes', () => {
    for (const value of [0, 7, -12.5, 1234.5, 987654321.75])
      expect(parseIndonesianNumber(formatNumber(value, id))).toBe(value);
  });
});
