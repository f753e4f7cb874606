// jsonstat-toolkit ships no types: the part of its API the tests use.
declare module 'jsonstat-toolkit' {
  interface JsonStatDataset {
    class: string;
    id: string[];
    n: number;
    role: { time?: string[] };
    Data(query: Record<string, string>): { value: number | null } | null;
  }
  export default function JSONstat(input: unknown): JsonStatDataset;
}
