// The documentation files the build writes: the page filled with examples from the catalogue,
// its script bundled, each file recorded in the manifest like the lists.
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENTATION_FILES } from '../../core/contract.ts';
import {
  buildDocumentation,
  fillTemplate,
  pageValues,
} from '../../generator/build-documentation.ts';
import { compileCatalogue } from '../../generator/compile-catalogue.ts';
import { readCatalogue } from '../../generator/read-catalogue.ts';
import { readSite } from '../../generator/read-site.ts';
import {
  FIXTURE_CATALOGUE,
  FIXTURE_SNAPSHOT,
  fixtureDocumentationFile,
} from './build-fixture-snapshot.ts';
import { publishedManifest } from '../support/node/published-snapshot.ts';

const catalogue = compileCatalogue(readCatalogue(FIXTURE_CATALOGUE));
const site = readSite();

describe('the documentation page', () => {
  const html = new TextDecoder().decode(buildDocumentation(catalogue, site)['index.html']);

  it('has every placeholder filled', () => {
    expect(html).not.toMatch(/\{\{/);
    expect(html).toContain(`${catalogue.published.length} published`);
  });

  it('links examples that use ids, years and slugs of the catalogue', () => {
    const values = pageValues(catalogue);
    const element = catalogue.published.find((e) => e.years.length > 0)!;
    expect(values.elementExample).toBe(`/api/v1/data-element/${element.id}`);
    expect(values.tableExample).toBe(`/api/v1/data-element/${element.id}/${element.years[0]}.csv`);
    expect(html).toContain(`href="${values.elementExample}"`);
  });

  it('lists the endpoints from the OpenAPI document', () => {
    for (const path of [
      '/api/v1/data-element',
      '/api/v1/data-element/{id}',
      '/api/v1/data-element/{id}/{year}.csv',
      '/api/v1/facets',
      '/api/v1/category',
      '/api/v1/openapi.json',
    ]) {
      expect(html).toContain(`<code>${path}</code></h3>`);
    }
    expect(html).toContain('<code>limit</code> <span class="type">integer 1–1000</span>');
  });

  it('bundles its script into one file that imports nothing', () => {
    const script = new TextDecoder().decode(site.script);
    expect(script).not.toMatch(/\bimport\s*[{("'*]|\bimport\(/);
    expect(script).toContain('/api/v1/data-element');
  });
});

describe('fillTemplate', () => {
  it('escapes values and inserts HTML as is', () => {
    expect(fillTemplate('<p>{{a}}</p>{{{b}}}', { a: '<x & "y">' }, { b: '<i>ok</i>' })).toBe(
      '<p>&#60;x &#38; &#34;y&#34;&#62;</p><i>ok</i>',
    );
  });

  it('refuses a placeholder it has no value for', () => {
    expect(() => fillTemplate('{{missing}}', {})).toThrow(/no value for \{\{missing\}\}/);
  });
});

describe('npm run build: the documentation files', () => {
  it('are in the snapshot, each recorded in the manifest with its ETag and length', async () => {
    const manifest = await publishedManifest(FIXTURE_SNAPSHOT);
    for (const { name } of DOCUMENTATION_FILES) {
      const entry = manifest.documentation[name];
      expect(entry.etag).toMatch(new RegExp(`^${manifest.buildId}-[0-9a-f]{16}$`));
      expect(statSync(fixtureDocumentationFile(name)).size).toBe(entry.bytes);
    }
  });
});
