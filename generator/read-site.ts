// read: the documentation page's sources in site/, its script bundled by esbuild (the page
// imports the typed client). An I/O edge of the build, like reading the catalogue.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

export const SITE_DIR = fileURLToPath(new URL('../site', import.meta.url));

export interface SiteSources {
  /** index.html with {{placeholders}} for the catalogue's examples. */
  pageTemplate: string;
  stylesheet: Uint8Array;
  script: Uint8Array;
  icon: Uint8Array;
}

export function readSite(dir = SITE_DIR): SiteSources {
  const bundle = buildSync({
    entryPoints: [join(dir, 'explorer.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const [script] = bundle.outputFiles;
  if (!script) throw new Error(`${dir}/explorer.ts: esbuild wrote nothing`);
  return {
    pageTemplate: readFileSync(join(dir, 'index.html'), 'utf8'),
    stylesheet: readFileSync(join(dir, 'explorer.css')),
    script: script.contents,
    icon: readFileSync(join(dir, 'favicon.png')),
  };
}
