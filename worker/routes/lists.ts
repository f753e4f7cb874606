// GET /api/v1/category, /sector, /field, /data-source: precomputed bytes, catalogue order.
import type { Context } from 'hono';
import type { ReferenceListName } from '../../core/contract.ts';
import type { AppEnv } from '../env.ts';
import { serveSnapshotFile } from './snapshot-file.ts';

export const serveList = (c: Context<AppEnv>, name: ReferenceListName) =>
  serveSnapshotFile(c, {
    entry: (manifest) => manifest.lists[name],
    read: (request) => request.store.list(name, request),
  });
