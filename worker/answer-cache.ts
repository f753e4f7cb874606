// The isolate's memory of recent answers (element numbers per normalized query): popular
// searches repeat, and the index never changes under an isolate. Bounded by elements held.
export const ANSWER_CACHE_ELEMENTS = 1_000_000; // 4 MB of Uint32

export class AnswerCache {
  private readonly answers = new Map<string, Uint32Array>();
  private held = 0;

  get(key: string): Uint32Array | undefined {
    const answer = this.answers.get(key);
    if (answer) {
      this.answers.delete(key);
      this.answers.set(key, answer); // most recent last
    }
    return answer;
  }

  getOrCompute(key: string, compute: () => Uint32Array): Uint32Array {
    let answer = this.get(key);
    if (!answer) this.set(key, (answer = compute()));
    return answer;
  }

  set(key: string, answer: Uint32Array) {
    if (answer.length > ANSWER_CACHE_ELEMENTS / 4) return; // huge answers cost little to recompute, relatively
    this.answers.set(key, answer);
    this.held += answer.length;
    for (const [oldKey, old] of this.answers) {
      if (this.held <= ANSWER_CACHE_ELEMENTS) break;
      this.answers.delete(oldKey);
      this.held -= old.length;
    }
  }
}
