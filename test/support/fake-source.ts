// A source API in a plain Node HTTP server, for the pull's tests: the fixture catalogue's lists
// and published elements, with paging (docs/api.md §5.1) or without (the original service), and
// faults on cue.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REFERENCE_LISTS, type ReferenceListName } from '../../core/contract.ts';
import type { DataElement, ReferenceItem } from '../../core/schema.ts';
import { compileCatalogue } from '../../generator/compile-catalogue.ts';
import { readCatalogue } from '../../generator/read-catalogue.ts';
import { FIXTURE_CATALOGUE } from '../generator/build-cli.ts';

export interface FakeCatalogue {
  lists: Record<ReferenceListName, ReferenceItem[]>;
  elements: DataElement[];
}

/** What to answer instead of the normal answer. */
export type Fault =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { body: string; headers?: Record<string, string> }
  | { delayMs: number }
  | { dropConnection: true };

export interface SourceRequest {
  /** 1 for the first request the server received. */
  n: number;
  path: string;
  query: URLSearchParams;
  at: number;
}

export interface FakeSourceOptions {
  paging: boolean;
  catalogue?: FakeCatalogue;
  fault?: (request: SourceRequest) => Fault | undefined;
  /** Paging only: the X-Total-Count to announce instead of the true one. */
  announcedTotal?: (request: SourceRequest, total: number) => number;
}

export function fixtureCatalogue(): FakeCatalogue {
  const compiled = compileCatalogue(readCatalogue(FIXTURE_CATALOGUE));
  return {
    lists: compiled.lists,
    elements: compiled.published.map((element) => JSON.parse(element.json) as DataElement),
  };
}

export async function startFakeSource(options: FakeSourceOptions) {
  const catalogue = options.catalogue ?? fixtureCatalogue();
  const requests: SourceRequest[] = [];
  const json = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const answer = (request: SourceRequest, res: ServerResponse) => {
    const list = REFERENCE_LISTS.find(({ endpoint }) => endpoint === request.path);
    if (list) return json(res, 200, catalogue.lists[list.name]);
    if (request.path !== '/api/v1/data-element')
      return json(res, 404, { error: 'Not found', status: 404 });
    const sources = request.query.getAll('dataSource').filter(Boolean);
    const matches = sources.length
      ? catalogue.elements.filter((element) => sources.includes(element.dataSource.slug))
      : catalogue.elements;
    if (!options.paging) return json(res, 200, matches);
    const offset = Number(request.query.get('offset') ?? 0);
    const limit = request.query.has('limit') ? Number(request.query.get('limit')) : matches.length;
    const total = options.announcedTotal?.(request, matches.length) ?? matches.length;
    return json(res, 200, matches.slice(offset, offset + limit), {
      'x-total-count': String(total),
    });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://source');
    const request: SourceRequest = {
      n: requests.length + 1,
      path: url.pathname,
      query: url.searchParams,
      at: performance.now(),
    };
    requests.push(request);
    const fault = options.fault?.(request);
    if (fault === undefined) return answer(request, res);
    if ('dropConnection' in fault) {
      // headers and half a body, then the connection goes
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': '100000',
      });
      res.write('[{"_id":');
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if ('delayMs' in fault) {
      const timer = setTimeout(() => answer(request, res), fault.delayMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    json(res, 'status' in fault ? fault.status : 200, fault.body ?? '', fault.headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    catalogue,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeSource = Awaited<ReturnType<typeof startFakeSource>>;

/** Requests for pages of elements, i.e. with a limit other than the paging probe's 1. */
export const isPage = (request: SourceRequest) =>
  request.path === '/api/v1/data-element' && request.query.has('offset');
