import { describe, expect, it } from 'vitest';
import { csvMarkdown, normaliseText, parseCsv } from '../../../src/model/knowledge/convert.js';
import { CHUNK_CHARS, chunksOf, extractFromCsv, extractFromText, isRuleBased } from '../../../src/model/knowledge/rules.js';

describe('knowledge conversion (beyond-spec-4 4.3.0 C)', () => {
  it('parses CSV as RFC 4180: quotes, doubled quotes, line breaks in quotes, CRLF and LF rows, empty fields', () => {
    expect(parseCsv('a,"b ""c""",d\r\n"multi\nline",,x\n')).toEqual([
      ['a', 'b "c"', 'd'],
      ['multi\nline', '', 'x'],
    ]);
    expect(parseCsv('one')).toEqual([['one']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('writes CSV as a table under the file name, escaping pipes and breaking in-cell lines with <br>', () => {
    expect(csvMarkdown('f.csv', [['h1', 'h2'], ['a|b', 'x\ny'], ['only']])).toBe('# f.csv\n\n| h1 | h2 |\n| --- | --- |\n| a\\|b | x<br>y |\n| only |  |\n');
  });

  it('normalises text: LF, no trailing spaces, one final newline', () => {
    expect(normaliseText('a  \r\nb\t\r\rc\n\n\n')).toBe('a\nb\n\nc\n');
  });

  it('classifies a source as rule-based at 3 rule lines that are 30% of its lines', () => {
    const rules = '- Never a\n- Always b\n- Must c\n';
    expect(isRuleBased(extractFromText(rules))).toBe(true);
    expect(isRuleBased(extractFromText('- Never a\n- Always b\n'))).toBe(false);
    const prose = Array.from({ length: 8 }, (_, i) => `Line ${i}.`).join('\n');
    expect(isRuleBased(extractFromText(`${rules}${prose}\n`))).toBe(false);
    expect(isRuleBased(extractFromText(`${rules}${prose.split('\n').slice(0, 7).join('\n')}\n`))).toBe(true);
  });

  it('takes listed directive lines of every marker, under the nearest heading, and skips separators and plain list items', () => {
    const text =
      '# Images\n---\n* Images must be WEBP\n+ Alt text is nice\n1. Always add alt text\n2) Do not hotlink\n[ ] Ensure lazy loading\n- [x] Only use the CDN\n## Links\n| --- | --- |\nPlain sentence that should be kept.\n   - Never open a new tab\n';
    expect(extractFromText(text)).toEqual({
      rules: [
        { content: 'Images must be WEBP', category: 'Images' },
        { content: 'Always add alt text', category: 'Images' },
        { content: 'Do not hotlink', category: 'Images' },
        { content: 'Ensure lazy loading', category: 'Images' },
        { content: 'Only use the CDN', category: 'Images' },
        { content: 'Never open a new tab', category: 'Links' },
      ],
      lines: 8,
    });
  });

  it('takes CSV rows with directive wording, under their Section cell, cells joined by an em dash', () => {
    expect(
      extractFromCsv([
        ['Section', 'Rule', 'Note'],
        ['Nav', 'Links must work', ''],
        ['', 'Nice to have', 'x'],
        ['', 'Never autoplay', ''],
      ]),
    ).toEqual({
      rules: [
        { content: 'Nav — Links must work', category: 'Nav' },
        { content: 'Never autoplay', category: null },
      ],
      lines: 3,
    });
  });

  it('merges blank-line blocks into chunks of at most 1000 characters; a longer block stands alone', () => {
    const block = (n: number, ch: string) => ch.repeat(n);
    expect(chunksOf(`${block(400, 'a')}\n\n${block(500, 'b')}\n\n${block(200, 'c')}\n`)).toEqual([`${block(400, 'a')}\n\n${block(500, 'b')}`, block(200, 'c')]);
    expect(chunksOf(`${block(CHUNK_CHARS + 5, 'x')}\n\ny\n`)).toEqual([block(CHUNK_CHARS + 5, 'x'), 'y']);
  });
});
