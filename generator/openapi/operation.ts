// One path's operations as every path of the API has them: GET, HEAD (the same without a body)
// and the CORS preflight, with the 304 and the errors it may answer.
import { parameterRefs } from './parameters.ts';
import { RESPONSES, responseRef, type ResponseName } from './responses.ts';

export interface Operation {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  parameters?: object[];
  ok: object;
  notModified?: ResponseName;
  errors: Partial<Record<'400' | '403' | '404' | '409' | '414', ResponseName>>;
}

export function operation({
  operationId,
  tag,
  summary,
  description,
  parameters = [],
  ok,
  notModified = 'NotModified',
  errors,
}: Operation) {
  const shared: Record<string, ResponseName> = { '304': notModified, ...errors };
  const byStatus = <T>(as: (name: ResponseName) => T) =>
    Object.fromEntries(Object.entries(shared).map(([status, name]) => [status, as(name)]));
  return {
    get: {
      operationId,
      tags: [tag],
      summary,
      description,
      parameters: [...parameters, ...parameterRefs('ifNoneMatch')],
      responses: { '200': ok, ...byStatus(responseRef) },
    },
    head: {
      operationId: `${operationId}Head`,
      tags: [tag],
      summary: `${summary}: headers only`,
      description: 'The status and headers GET would give, without the body.',
      parameters: [...parameters, ...parameterRefs('ifNoneMatch')],
      responses: {
        '200': withoutBody(ok),
        ...byStatus((name) => withoutBody(RESPONSES[name])),
      },
    },
    options: {
      operationId: `${operationId}Preflight`,
      tags: [tag],
      summary: 'CORS preflight',
      description: 'What a browser asks before a request of another origin with custom headers.',
      parameters,
      responses: { '204': responseRef('Preflight') },
    },
  };
}

/** An answer's description and headers without its body: what HEAD gives. */
export function withoutBody(response: object) {
  const { description, headers } = response as { description: string; headers?: object };
  return { description, headers };
}
