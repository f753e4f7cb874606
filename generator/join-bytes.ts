// Byte arrays one after the other, with a separator between two (none by default).
export function joinBytes(parts: Uint8Array[], separator = new Uint8Array(0)): Uint8Array {
  const out = new Uint8Array(
    parts.reduce((sum, part) => sum + part.length, 0) +
      separator.length * Math.max(0, parts.length - 1),
  );
  let offset = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      out.set(separator, offset);
      offset += separator.length;
    }
    out.set(part, offset);
    offset += part.length;
  });
  return out;
}
