// The workbook's shared strings (ECMA-376 Part 1 §18.4): every text cell names its string by
// position, so a row label repeated on every observation is written and escaped once.
import { ByteWriter } from './byte-writer.ts';
import { xmlText } from './xml.ts';

/** Whitespace Excel would trim or fold unless told to keep it. */
const LOOSE_SPACE = /^\s|\s$|\s\s|[\t\n\r]/;

export class SharedStrings {
  private readonly positions = new Map<string, number>();
  private readonly texts: string[] = [];
  private uses = 0;

  /** The position of a string in the table, adding it the first time. */
  position(text: string): number {
    this.uses++;
    let position = this.positions.get(text);
    if (position === undefined) {
      position = this.texts.length;
      this.positions.set(text, position);
      this.texts.push(text);
    }
    return position;
  }

  /** The sharedStrings part. */
  bytes(): Uint8Array {
    const out = new ByteWriter();
    out.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${this.uses}" uniqueCount="${this.texts.length}">`,
    );
    for (const text of this.texts)
      out.write(
        LOOSE_SPACE.test(text)
          ? `<si><t xml:space="preserve">${xmlText(text)}</t></si>`
          : `<si><t>${xmlText(text)}</t></si>`,
      );
    out.write('</sst>');
    return out.bytes();
  }
}
