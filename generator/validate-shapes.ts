// Shape validation of the catalogue: zod is the source of truth; its JSON Schema, compiled by
// ajv, checks the bulk (every data element) fast. Both report problems as {file, path, message}.
import { Ajv, type ErrorObject } from 'ajv';
import { z } from 'zod';
import { DataElementInput, ReferenceListInput } from '../core/schema.ts';
import { jsonPath, type Problem } from './problems.ts';

export const dataElementJsonSchema = z.toJSONSchema(DataElementInput, {
  io: 'input',
  target: 'draft-7',
});

const ajv = new Ajv({ allErrors: true, strict: false });
const validateElementShape = ajv.compile(dataElementJsonSchema);

export interface ElementShape {
  /** Problems with the shape of the element. */
  problems: Problem[];
  /**
   * Whether a top-level key's value has its shape (present and well formed), so that the checks
   * that read it can still run on an element whose other keys are wrong: one build then reports
   * every problem, not one round of them per fix.
   */
  sound: (key: string) => boolean;
}

/** The shape of one data element at `prefix` (e.g. `[3]`) inside `file`. */
export function checkElementShape(
  value: unknown,
  file: string,
  prefix: (string | number)[],
): ElementShape {
  if (validateElementShape(value)) return { problems: [], sound: () => true };
  const errors = validateElementShape.errors ?? [];
  const broken = new Set<string>();
  let rootBroken = false;
  for (const error of errors) {
    const key =
      error.instancePath === ''
        ? error.keyword === 'required'
          ? String(error.params.missingProperty)
          : undefined
        : pointerSegments(error.instancePath)[0];
    if (key === undefined) rootBroken = true;
    else broken.add(String(key));
  }
  return {
    problems: humanizeAjvErrors(errors, value).map(({ segments, message }) => ({
      file,
      path: jsonPath([...prefix, ...segments]) || '(root)',
      message,
    })),
    sound: (key) => !rootBroken && !broken.has(key),
  };
}

/** Problems with a reference list file's shape, from zod. */
export function checkReferenceListShape(value: unknown, file: string): Problem[] {
  const result = ReferenceListInput.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    file,
    path: jsonPath(issue.path as (string | number)[]) || '(root)',
    message: issue.code === 'invalid_union' ? REFERENCE_UNION_MESSAGE.id : issue.message,
  }));
}

const REFERENCE_UNION_MESSAGE = {
  id: 'must be an id string or {"$oid": "…"}',
  reference: 'must be an id string, {"$oid": "…"} or a {_id, name, slug} object',
};

const typeName = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? `${Number.isInteger(value) ? 'integer' : 'number'} ${value}`
        : typeof value === 'string'
          ? `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
          : typeof value;

const pointerSegments = (pointer: string): (string | number)[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));

function valueAt(root: unknown, segments: (string | number)[]): unknown {
  let node = root as Record<string | number, unknown> | undefined;
  for (const s of segments) node = node?.[s] as typeof node;
  return node;
}

/**
 * Turns ajv's errors into one readable line per problem; a failed union is one line, not one per
 * branch.
 */
function humanizeAjvErrors(errors: ErrorObject[], root: unknown) {
  const unionPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  const insideFailedUnion = (e: ErrorObject) =>
    e.keyword !== 'anyOf' &&
    e.schemaPath.includes('/anyOf/') &&
    unionPaths.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
  const seen = new Set<string>();
  const out: { segments: (string | number)[]; message: string }[] = [];
  for (const error of errors) {
    if (insideFailedUnion(error)) continue;
    const segments = pointerSegments(error.instancePath);
    let message: string;
    if (error.keyword === 'required') {
      segments.push(String(error.params.missingProperty));
      message = 'is missing';
    } else if (error.keyword === 'type') {
      message = `expected ${error.params.type}, got ${typeName(valueAt(root, segments))}`;
    } else if (error.keyword === 'anyOf') {
      message =
        segments.at(-1) === '_id' ? REFERENCE_UNION_MESSAGE.id : REFERENCE_UNION_MESSAGE.reference;
    } else {
      message = error.message ?? error.keyword;
    }
    const key = `${JSON.stringify(segments)} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ segments, message });
  }
  return out;
}
