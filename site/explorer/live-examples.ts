// The endpoint list's live answers: opening one asks the API and shows the start of its answer.

/** Longer answers are cut here; the example's link opens the whole. */
const MAX_LINES = 60;

export function enableLiveExamples(root: ParentNode = document) {
  for (const details of root.querySelectorAll<HTMLDetailsElement>('details.live')) {
    details.addEventListener('toggle', () => {
      if (details.open && !details.dataset.loaded) void showAnswer(details);
    });
  }
}

async function showAnswer(details: HTMLDetailsElement) {
  details.dataset.loaded = 'true';
  const output = details.querySelector('code')!;
  output.textContent = 'Loading…';
  try {
    const response = await fetch(details.dataset.url!, {
      headers: { accept: 'application/json, text/csv' },
    });
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    const body = type.startsWith('application/json')
      ? JSON.stringify(JSON.parse(text), null, 2)
      : text;
    const lines = body.split(/\r?\n/);
    const cut =
      lines.length > MAX_LINES
        ? `\n… ${lines.length - MAX_LINES} more lines: open the link for the whole answer`
        : '';
    output.textContent = `HTTP ${response.status} · ${type}\n\n${lines.slice(0, MAX_LINES).join('\n')}${cut}`;
  } catch (error) {
    output.textContent = `The request failed: ${(error as Error).message}`;
    delete details.dataset.loaded;
  }
}
