// The OpenAPI 3.1 document of the API (docs/api.md §8), assembled from the zod shapes, the
// contract's tables and the paths below. Pure: returns the object; the build writes it.
import { MAX_LIMIT } from '../../core/contract.ts';
import { PARAMETERS } from './parameters.ts';
import { PATHS, TAGS } from './paths.ts';
import { HEADERS, RESPONSES } from './responses.ts';
import { componentSchemas } from './schemas.ts';

const DESCRIPTION = `A read-only JSON API over a regional Indonesian Satu Data open-data catalogue: its data
elements (statistics, one table per year) and the categories, data sources, sectors and fields that
classify them. Answers come from a snapshot built from the catalogue; no key is needed.

- Every path answers \`GET\` and \`HEAD\` (the same headers, no body) and the CORS preflight \`OPTIONS\`;
  any other method, on any path, is a 405 with an \`Allow\` header (response \`MethodNotAllowed\`).
- A path not listed here is a 404 \`{"error", "status": 404}\`; a trailing slash answers as the path without it.
- Every answer carries \`Access-Control-Allow-Origin: *\` and \`X-Content-Type-Options: nosniff\`; every 200
  a strong \`ETag\`, and \`If-None-Match\` with it answers 304 with no body.
- Search parameters: an empty value counts as absent; unknown parameters are ignored, but one named like a
  known parameter except for letter case or a trailing \`[]\` is a 400. Pages hold at most ${MAX_LIMIT} elements.
- A client in TypeScript: \`client/\` in the repository.`;

export function buildOpenApiDocument() {
  return {
    openapi: '3.1.1',
    info: { title: 'Satu Data read API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/', description: 'The deployment that serves this document' }],
    security: [],
    tags: TAGS,
    paths: PATHS,
    components: {
      schemas: componentSchemas(),
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: RESPONSES,
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
