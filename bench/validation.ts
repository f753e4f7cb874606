// ajv (compiled from the zod schema's JSON Schema) against zod itself, validating the data
// elements of a synthetic catalogue: the generator's bulk check.
// Usage: tsx bench/validation.ts [--elements N]
import { DataElementInput } from '../core/schema.ts';
import { checkElementShape } from '../generator/validate-shapes.ts';
import { generateCatalogue } from '../tools/synth/catalogue.ts';
import { parseCommandLine } from '../tools/command-line.ts';

const { values } = parseCommandLine({
  command: 'npm run bench:validation --',
  about: "ajv against zod, validating a synthetic catalogue's data elements.",
  options: {
    elements: { type: 'string', default: '50000', value: 'N', help: 'elements in the catalogue' },
  },
});
const catalogue = generateCatalogue({ elements: Number(values.elements) });
const elements = [...catalogue.elementFiles.values()].flat() as unknown[];

function time(name: string, validate: (e: unknown) => boolean) {
  for (let i = 0; i < 2000; i++) validate(elements[i % elements.length]); // warm up
  const started = performance.now();
  let valid = 0;
  for (const element of elements) if (validate(element)) valid++;
  const ms = performance.now() - started;
  console.log(
    `${name.padEnd(5)} ${ms.toFixed(0).padStart(6)} ms for ${elements.length} elements (${((ms * 1000) / elements.length).toFixed(1)} µs each), ${valid} valid`,
  );
  return ms;
}
const ajvMs = time('ajv', (e) => checkElementShape(e, 'f', []).problems.length === 0);
const zodMs = time('zod', (e) => DataElementInput.safeParse(e).success);
console.log(`ajv is ${(zodMs / ajvMs).toFixed(1)}x as fast as zod here`);
