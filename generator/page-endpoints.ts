// The page's list of endpoints, rendered from the OpenAPI document itself (summary, description,
// parameters, answers), so that the page and the document cannot disagree. Pure: returns HTML.
import type { OpenApiDocument } from './openapi/document.ts';

/** The document as plain JSON, walked by key (the OpenAPI tests check its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walked by key
type Json = Record<string, any>;

/**
 * Paths the page shows, in this order, each with its example requests (links with a live answer).
 */
export type EndpointExamples = Record<string, string[]>;

export function renderEndpoints(document: OpenApiDocument, examples: EndpointExamples): string {
  const doc = document as unknown as Json;
  return Object.entries(examples)
    .map(([path, urls]) => {
      const operation = doc.paths[path]?.get as Json | undefined;
      if (!operation) throw new Error(`the OpenAPI document has no GET ${path}`);
      const parameters = ((operation.parameters ?? []) as Json[])
        .map((p) => resolve(doc, p))
        .filter((p) => p.in !== 'header');
      const responses = Object.entries(operation.responses as Json).filter(
        ([status]) => status !== '304',
      );
      return `      <article class="endpoint" id="${anchor(operation.operationId)}">
        <h3><span class="method">GET</span> <code>${escapeHtml(path)}</code></h3>
        <p class="endpoint-summary">${inline(operation.summary)}</p>
        <p>${inline(operation.description)}</p>
${parameters.length ? `        <dl class="params">\n${parameters.map(renderParameter).join('\n')}\n        </dl>\n` : ''}        <ul class="statuses">
${responses.map(([status, response]) => `          <li><code>${status}</code> ${inline(resolve(doc, response).description)}</li>`).join('\n')}
        </ul>
${urls.map(renderExample).join('\n')}
      </article>`;
    })
    .join('\n');
}

function renderParameter(parameter: Json): string {
  return `          <div><dt><code>${escapeHtml(parameter.name)}</code> <span class="type">${escapeHtml(describeType(parameter))}</span></dt><dd>${inline(parameter.description ?? '')}</dd></div>`;
}

function renderExample(url: string): string {
  const href = escapeHtml(url);
  return `        <div class="example">
          <p>Example: <a href="${href}"><code>${href}</code></a></p>
          <details class="live" data-url="${href}"><summary>Live answer</summary><pre class="answer" tabindex="0"><code></code></pre></details>
        </div>`;
}

/** "repeatable string", "integer 1–1000"… for a parameter. */
function describeType({ schema, in: where, explode }: Json): string {
  const base = describeSchema(schema);
  if (where === 'path') return `${base}, in the path`;
  if (schema.type === 'array')
    return explode === false
      ? `comma-separated list of ${describeSchema(schema.items)}`
      : `${describeSchema(schema.items)}, repeatable`;
  return base;
}

function describeSchema(schema: Json): string {
  if (schema.enum) return `${(schema.enum as string[]).join(', ')}`;
  const bounded = (n: unknown) => typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  if (schema.type === 'integer') {
    if (bounded(schema.minimum) && bounded(schema.maximum))
      return `integer ${schema.minimum}–${schema.maximum}`;
    if (bounded(schema.minimum)) return `integer ≥ ${schema.minimum}`;
    return 'integer';
  }
  if (schema.type === 'string' && schema.maxLength !== undefined)
    return `string of at most ${schema.maxLength} characters`;
  return String(schema.type ?? 'value');
}

function resolve(doc: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

const anchor = (operationId: string) => operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Escaped text with `code` spans. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
