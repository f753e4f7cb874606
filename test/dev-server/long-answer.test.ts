// A long answer shares the server: `npm start`'s server (tools/serve/cli.ts, workerd) in the paid
// profile, streaming a whole-catalogue answer of tens of MiB to a client that reads it as fast as
// it comes, still reads and answers other requests meanwhile (worker/event-loop.ts). Without a
// turn of workerd's event loop now and then, no other request was even read until the long
// answer ended; at 100,000 elements the requests held back that long had their kept-alive
// connections closed unanswered, and the soak's clients timed out (bench/HISTORY.md).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHAPES_ROOT } from '../support/node/build-scale-snapshot.ts';
import {
  httpRequest,
  serveSnapshot,
  type ServedSnapshot,
} from '../support/node/served-snapshot.ts';

/** 20,000 elements, most published: its whole catalogue is about 40 MB. */
const SHAPE = 'most-published-scattered';

interface LongAnswer {
  status: number;
  length: number;
  bytes: number;
  /** performance.now() at its first body byte and at its last. */
  firstByte: Promise<number>;
  ended: Promise<number>;
}

/** GET `url`, read as fast as it comes and counted, kept nowhere. */
function readFast(url: string): LongAnswer {
  const answer = { status: 0, length: 0, bytes: 0 } as LongAnswer;
  let firstByte!: (at: number) => void;
  answer.firstByte = new Promise((resolve) => (firstByte = resolve));
  answer.ended = new Promise((resolve, reject) => {
    const sent = request(url, { agent: false }, (response) => {
      answer.status = response.statusCode!;
      answer.length = Number(response.headers['content-length']);
      response.on('data', (chunk: Buffer) => {
        if (answer.bytes === 0) firstByte(performance.now());
        answer.bytes += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () => resolve(performance.now()));
    });
    sent.on('error', reject);
    sent.end();
  });
  return answer;
}

describe(`npm start, PLAN=paid, the ${SHAPE} shape: a long answer and other requests`, () => {
  let server: ServedSnapshot | undefined;

  beforeAll(async () => {
    server = await serveSnapshot(`${SHAPES_ROOT}/${SHAPE}`, { PLAN: 'paid' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers small requests while a whole-catalogue answer of tens of MiB streams', async () => {
    const base = server!.url;
    // the server warmed up (the index loaded), so that what is measured is the streaming alone
    expect((await httpRequest(`${base}/api/v1/data-element?limit=1`)).status).toBe(200);
    const long = readFast(`${base}/api/v1/data-element`);
    await long.firstByte;
    // small requests one after another (each on a connection of its own) until the answer ends
    const answeredAt: number[] = [];
    let ended = false;
    void long.ended.then(
      () => (ended = true),
      () => (ended = true),
    );
    while (!ended) {
      const small = await httpRequest(`${base}/robots.txt`);
      expect(small.status).toBe(200);
      answeredAt.push(performance.now());
    }
    const end = await long.ended;
    expect(long.status).toBe(200);
    expect(long.bytes).toBe(long.length);
    expect(long.length).toBeGreaterThan(30 * 1024 * 1024);
    const during = answeredAt.filter((at) => at < end);
    const first = answeredAt[0]! - (await long.firstByte);
    // without the turns: the first small request waits for the whole answer, none is answered
    // during it
    expect(
      during.length,
      `small requests answered while the long answer streamed (${((end - (await long.firstByte)) / 1000).toFixed(1)} s; the first after ${first.toFixed(0)} ms)`,
    ).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
