// autocannon, without the copy of every answer it keeps as text.
//
// autocannon 8 appends each body chunk to a string per request (`req.body += data`, in
// lib/pipelinedRequestsQueue.js) for its `expectBody`/`verifyBody`/`onResponse` options, which
// our drivers do not use. With 100 connections on answers of up to 92 MiB that string is
// gigabytes: it ran the load test's own process out of its 4 GB heap (a failing
// `String::NewFromUtf8`), and turning bytes into text took CPU from the servers it measures on
// a two-core machine. Bytes are still counted as they arrive (`addByteCount`).
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

interface RequestsQueue {
  prototype: { addBody?: (data: Buffer) => void };
}

const require = createRequire(import.meta.url);
const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as RequestsQueue;
if (typeof queue.prototype.addBody !== 'function')
  throw new Error(
    'autocannon no longer has PipelinedRequestsQueue#addBody: check bench/lib/autocannon.ts',
  );
queue.prototype.addBody = () => {};

export default autocannon;
