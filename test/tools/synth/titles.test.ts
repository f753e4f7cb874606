// The synthetic catalogue's titles: realistic ones are deterministic, nearly all distinct, fit
// their element's data source and carry the real-world quirks; template ones are unchanged.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LISTS } from '../../../core/contract.ts';
import { compileCatalogue, type CatalogueSources } from '../../../generator/compile-catalogue.ts';
import { ELEMENT_DIR } from '../../../generator/read-catalogue.ts';
import { generateCatalogue, type SyntheticCatalogue } from '../../../tools/synth/catalogue.ts';
import { seededRandom } from '../../../tools/synth/seeded-random.ts';
import { VOCABULARY } from '../../../tools/synth/title-vocabulary.ts';
import { realisticTitle, realisticTitles } from '../../../tools/synth/titles.ts';

const digest = (catalogue: SyntheticCatalogue) =>
  createHash('sha256')
    .update(JSON.stringify(catalogue.lists))
    .update(JSON.stringify([...catalogue.elementFiles]))
    .digest('hex');
const titlesOf = (catalogue: SyntheticCatalogue) =>
  [...catalogue.elementFiles.values()].flatMap((items) =>
    (items as { title: string }[]).map((e) => e.title),
  );

function sourcesOf(catalogue: SyntheticCatalogue): CatalogueSources {
  const lists = Object.fromEntries(
    REFERENCE_LISTS.map(({ name, file }) => [
      name,
      {
        file,
        text: JSON.stringify(
          catalogue.lists[file.replace('.json', '') as keyof SyntheticCatalogue['lists']],
        ),
      },
    ]),
  ) as CatalogueSources['lists'];
  const elementFiles = [...catalogue.elementFiles].map(([path, content]) => ({
    file: `${ELEMENT_DIR}/${path}`,
    text: JSON.stringify(content),
  }));
  return { lists, elementFiles };
}

describe('template titles', () => {
  it('are what they were before the realistic mode existed (data/ is made with them)', () => {
    // digests recorded from the catalogue generator before titles.ts was added
    expect(digest(generateCatalogue({ elements: 240 }))).toBe(
      '8f47ab816db993e98d691c0d357f4ac76705dd119778346675ae9e51e4684e2f',
    );
    expect(digest(generateCatalogue({ elements: 500, seed: 7, titles: 'templates' }))).toBe(
      '98acba53c136eddd33828e89d28244c3e4ef5d7929eaf0777960876ec24c57d1',
    );
  });
});

describe('realistic titles', () => {
  const big = generateCatalogue({ elements: 20_000, titles: 'realistic' });
  const titles = titlesOf(big);

  it('are deterministic: the same seed, the same titles and bytes; another seed, others', () => {
    expect(realisticTitles(3000, 11)).toEqual(realisticTitles(3000, 11));
    expect(realisticTitles(50, 12)).not.toEqual(realisticTitles(50, 11));
    const small = () => generateCatalogue({ elements: 400, seed: 3, titles: 'realistic' });
    expect(digest(small())).toBe(digest(small()));
    const again = realisticTitle(seededRandom(5), {
      source: 'dinkes',
      table: 'bySex',
      firstYear: 2020,
      lastYear: 2022,
    });
    expect(
      realisticTitle(seededRandom(5), {
        source: 'dinkes',
        table: 'bySex',
        firstYear: 2020,
        lastYear: 2022,
      }),
    ).toEqual(again);
  });

  it('are at least 95% distinct over 20,000 elements', () => {
    expect(titles).toHaveLength(20_000);
    expect(new Set(titles).size / titles.length).toBeGreaterThanOrEqual(0.95);
  });

  it('are mostly 30 to 140 characters long, never longer than 141 (with a trailing space)', () => {
    const lengths = titles.map((t) => t.length).sort((a, b) => a - b);
    expect(lengths.filter((n) => n >= 30 && n <= 140).length / lengths.length).toBeGreaterThan(
      0.95,
    );
    expect(lengths.at(-1)).toBeLessThanOrEqual(141);
    expect(lengths[lengths.length >> 1]).toBeGreaterThan(45);
  });

  it('carry the quirks of real exports, in small shares, and no astral characters', () => {
    const share = (test: (t: string) => boolean) => titles.filter(test).length / titles.length;
    const quirks: [string, (t: string) => boolean, number][] = [
      ['en dash', (t) => t.includes('–'), 0.1],
      ['no-break space', (t) => t.includes('\u00a0'), 0.05],
      ['é', (t) => t.includes('é'), 0.02],
      ['trailing space', (t) => t.endsWith(' '), 0.1],
      ['slash', (t) => t.includes('/'), 0.3],
      ['abbreviation in parentheses', (t) => /\([A-Z][A-Za-z]*(\/[A-Z]+)?\)/.test(t), 0.5],
      ['(%)', (t) => t.includes('(%)'), 0.1],
      ['ampersand', (t) => t.includes('&'), 0.02],
    ];
    for (const [name, test, atMost] of quirks) {
      expect(share(test), name).toBeGreaterThan(0);
      expect(share(test), name).toBeLessThan(atMost);
    }
    expect(titles.some((t) => /[\ud800-\udfff]/.test(t))).toBe(false);
    expect(titles.some((t) => /[\n\t]|^\s|\s\s/.test(t))).toBe(false);
  });

  it('have realistic word frequencies: a few words common, most rare', () => {
    const counts = new Map<string, number>();
    for (const title of titles)
      for (const word of new Set(title.toLowerCase().split(/\s+/)))
        counts.set(word, (counts.get(word) ?? 0) + 1);
    const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
    for (const word of ['jumlah', 'menurut', 'kecamatan'])
      expect(ranked.indexOf(word), word).toBeLessThan(10);
    expect(ranked.indexOf('penduduk')).toBeLessThan(30);
    expect(counts.size).toBeGreaterThan(2000);
    // in under 0.1% of the titles
    const rare = [...counts.values()].filter((n) => n < titles.length * 0.001).length;
    expect(rare / counts.size).toBeGreaterThan(0.5);
    for (const measure of [
      'Jumlah',
      'Persentase',
      'Rasio',
      'Banyaknya',
      'Luas',
      'Produksi',
      'Angka',
      'Indeks',
      'Rata-rata',
      'Cakupan',
      'Capaian',
      'Realisasi',
      'Proporsi',
      'Tingkat',
      'Nilai',
      'Panjang',
      'Volume',
    ]) {
      expect(
        titles.some((t) => t.startsWith(`${measure} `)),
        measure,
      ).toBe(true);
    }
  });

  it('build into a valid catalogue whose titles fit their data source', () => {
    const compiled = compileCatalogue(
      sourcesOf(generateCatalogue({ elements: 2000, seed: 9, titles: 'realistic' })),
    );
    expect(compiled.problems).toEqual([]);
    expect(compiled.published.length).toBeGreaterThan(1500);
    for (const element of compiled.published) {
      const source = compiled.lists.dataSource[element.refs.dataSource[0]!]!.slug;
      const vocabulary = VOCABULARY[source]!;
      const phrases = [
        ...Object.values(vocabulary.counts),
        vocabulary.shares,
        ...Object.values(vocabulary.measured),
      ].flat();
      const title = element.title.replace(/\u00a0/g, ' ');
      expect(
        phrases.some((phrase) => title.includes(phrase)),
        `${source}: ${title}`,
      ).toBe(true);
    }
  });
});
