// Sheet names as Excel accepts them: 1 to 31 characters, none of []:*?/\, not starting or ending
// with an apostrophe, unique without regard to case ("2020", "2020 (2)" for a repeated year).

const MAX_LENGTH = 31;

const cleanName = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, '_')
    .replace(/^'+|'+$/g, '')
    .slice(0, MAX_LENGTH) || 'Sheet';

/** The names, each made valid and unique, in order; later names give way to earlier ones. */
export function uniqueSheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = cleanName(name);
    let unique = base;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      unique = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
    }
    taken.add(unique.toLowerCase());
    return unique;
  });
}
