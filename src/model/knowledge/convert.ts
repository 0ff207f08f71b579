import { withoutTrailing } from '../../support/text.js';
import type { KnowledgeMimeType } from '../state/records/knowledge.js';

export { UPLOAD_MIME_TYPES } from './base.js';

/** Types the emulator cannot read: their markdown is registered by a test or an opaque stub. */
const OPAQUE: ReadonlySet<string> = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

/** Whether a type is converted by a registered markdown (PDF, XLSX) rather than read. */
export const isOpaque = (mimeType: string): boolean => OPAQUE.has(mimeType);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of UTF-8 bytes without NUL, or undefined when they are not. */
export function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Whether bytes are what their declared type says: a PDF starts `%PDF-`, an XLSX is a zip (`PK\x03\x04`), CSV and
 * plain text are UTF-8 without NUL bytes.
 * @example sniffMatches(new TextEncoder().encode('%PDF-1.7'), 'application/pdf') // true
 */
export function sniffMatches(bytes: Uint8Array, mimeType: KnowledgeMimeType): boolean {
  const starts = (prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (mimeType === 'application/pdf') return starts([0x25, 0x50, 0x44, 0x46, 0x2d]);
  if (mimeType === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return starts([0x50, 0x4b, 0x03, 0x04]);
  return textOf(bytes) !== undefined;
}

/** Text as canonical markdown: CRLF and CR become LF, trailing spaces go, and it ends in exactly one newline. */
export function normaliseText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const trimmed = lines.map((line) => withoutTrailing(line, ' \t'));
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  return `${trimmed.join('\n')}\n`;
}

/**
 * Records of a CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF rows).
 * @example parseCsv('a,"b ""c"""\n1,2') // [['a', 'b "c"'], ['1', '2']]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else if (ch === '\n' || ch === '\r') endRow();
    else field += ch;
    i++;
  }
  if (field !== '' || row.length > 0 || quoted) endRow();
  return rows;
}

/** A cell as markdown table text: `|` escaped, line breaks as `<br>`. */
const cell = (value: string): string => value.replace(/\|/g, '\\|').replace(/\r\n?|\n/g, '<br>');

/**
 * A CSV file as canonical markdown: `# <fileName>`, then a table whose first record is the header.
 * @example csvMarkdown('rules.csv', [['Rule'], ['Never promise cures']])
 */
export function csvMarkdown(fileName: string, rows: readonly string[][]): string {
  const lines = [`# ${fileName}`];
  const width = Math.max(1, ...rows.map((r) => r.length));
  if (rows.length > 0) {
    const line = (r: readonly string[]) => `| ${Array.from({ length: width }, (_, i) => cell(r[i] ?? '')).join(' | ')} |`;
    lines.push('', line(rows[0] as string[]), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`);
    for (const r of rows.slice(1)) lines.push(line(r));
  }
  return `${lines.join('\n')}\n`;
}

/** The canonical markdown of an opaque file nobody registered a conversion for. */
export function opaqueMarkdown(fileName: string, mimeType: string, size: number): string {
  return `# ${fileName}\n\n(opaque ${mimeType} source, ${size} bytes)\n`;
}
