// What the snapshot store uses of an ASSETS answer, over bytes already in memory: `arrayBuffer()`
// hands them over at once and the body gives them in one chunk, as workerd's native ASSETS reads
// do. Runtime-neutral: used by Node tests and benchmarks and by a benchmark Worker in workerd.
export function storedBytesResponse(bytes: ArrayBuffer): Response {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  return { ok: true, status: 200, body, arrayBuffer: async () => bytes } as unknown as Response;
}
