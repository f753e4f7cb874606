import { describe, expect, it } from 'vitest';
import { pagingLinks } from '../../../../worker/http/paging-links.ts';

describe('pagingLinks', () => {
  const url = new URL('https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=20&x=1');
  it('changes only offset, keeping the other parameters as written', () => {
    const links = pagingLinks(url, 45, 10, 20);
    expect(links).toBe(
      [
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=0&x=1>; rel="first"',
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=10&x=1>; rel="prev"',
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=30&x=1>; rel="next"',
        '<https://api.test/api/v1/data-element?title=a%20b&limit=10&offset=40&x=1>; rel="last"',
      ].join(', '),
    );
  });

  it('has no prev on the first page and no next on the last', () => {
    const links = pagingLinks(new URL('https://api.test/p?limit=10'), 5, 10, 0);
    expect(links).not.toContain('rel="prev"');
    expect(links).not.toContain('rel="next"');
    expect(links).toContain('<https://api.test/p?limit=10&offset=0>; rel="last"');
  });
});

describe('pagingLinks, edge cases', () => {
  it('collapses repeated empty offsets into one, so following a link never gives "offset twice"', () => {
    const links = pagingLinks(new URL('https://api.test/p?offset=&offset=10&limit=5'), 30, 5, 10);
    expect(links).toContain('<https://api.test/p?offset=15&limit=5>; rel="next"');
    expect(links.match(/offset=/g)!.length).toBe(4);
  });

  it('gives as last the final page counted from the first, whatever the current offset', () => {
    expect(pagingLinks(new URL('https://api.test/p?limit=4&offset=1'), 10, 4, 1)).toContain(
      'offset=8>; rel="last"',
    );
  });
});
