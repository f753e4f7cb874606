// GET / and /docs (the documentation page), its script and stylesheet, and /api/v1/openapi.json
// (docs/api.md §8): files the build wrote into the snapshot, served like the lists.
import type { Context } from 'hono';
import {
  DOCUMENTATION_CSP,
  DOCUMENTATION_FILES,
  type DocumentationFileName,
} from '../../core/contract.ts';
import type { AppEnv } from '../env.ts';
import { serveSnapshotFile } from './snapshot-file.ts';

export function serveDocumentation(c: Context<AppEnv>, name: DocumentationFileName) {
  const { contentType } = DOCUMENTATION_FILES.find((file) => file.name === name)!;
  return serveSnapshotFile(c, {
    entry: (manifest) => manifest.documentation[name],
    read: (request) => request.store.documentationFile(name, request),
    contentType,
    headers: contentType.startsWith('text/html')
      ? { 'content-security-policy': DOCUMENTATION_CSP }
      : {},
  });
}
