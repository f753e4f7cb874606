// An ASSETS binding that counts the snapshot reads made through it: in all, waiting for their
// headers at once (what the platform's connection limit counts), and with a body still open.
export interface ReadCounts {
  reads: number;
  waiting: number;
  peakWaiting: number;
  open: number;
  peakOpen: number;
}

export function countingAssets(inner: Fetcher): { assets: Fetcher; counts: ReadCounts } {
  const counts: ReadCounts = { reads: 0, waiting: 0, peakWaiting: 0, open: 0, peakOpen: 0 };
  const assets = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      counts.reads++;
      counts.peakWaiting = Math.max(counts.peakWaiting, ++counts.waiting);
      counts.peakOpen = Math.max(counts.peakOpen, ++counts.open);
      let response: Response;
      try {
        response = await inner.fetch(input, init);
      } finally {
        counts.waiting--;
      }
      if (!response.body) {
        counts.open--;
        return response;
      }
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        counts.open--;
      };
      const reader = response.body.getReader();
      // a byte stream, as workerd's own bodies are: the snapshot's readers may read it into a
      // buffer of their own (RunReader)
      const body = new ReadableStream({
        type: 'bytes',
        async pull(controller) {
          const { value, done } = await reader.read();
          if (done) {
            close();
            controller.close();
          } else controller.enqueue(value);
        },
        async cancel(reason) {
          close();
          await reader.cancel(reason);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  } as unknown as Fetcher;
  return { assets, counts };
}
