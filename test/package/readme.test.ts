import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderCoverage } from '../support/coverage.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COVERAGE = join(ROOT, 'docs/coverage.md');
const START = '<!-- coverage:start (generated from src/routes.ts by `npm run readme`) -->';
const END = '<!-- coverage:end -->';

interface Block {
  line: number;
  lang: string;
  code: string;
  tag: string | undefined;
}
interface Page {
  path: string;
  slugs: Set<string>;
  links: Array<{ line: number; target: string }>;
  blocks: Block[];
}

/** README.md and every page under docs/, as paths relative to the repository. */
function pagePaths(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? under(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : [],
    );
  return ['README.md', ...under('docs').sort()];
}

/** GitHub's anchor for a heading: the text without markup, lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  const text = heading.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Headings, links and fenced code blocks of a page, code fences and inline code left out of the first two. */
function read(path: string): Page {
  const lines = readFileSync(join(ROOT, path), 'utf8').split('\n');
  const page: Page = { path, slugs: new Set(), links: [], blocks: [] };
  const seen = new Map<string, number>();
  let fence: { marker: string; block: Block; body: string[] } | undefined;
  lines.forEach((text, index) => {
    const open = /^\s*(`{3,}|~{3,})\s*(\S*)/.exec(text);
    if (fence) {
      if (open && text.trim() === fence.marker) {
        fence.block.code = fence.body.join('\n');
        page.blocks.push(fence.block);
        fence = undefined;
      } else fence.body.push(text);
      return;
    }
    if (open) {
      const tag = /^\s*<!-- ((?:tested by|not run): .*) -->$/.exec(lines[index - 1] ?? '')?.[1];
      fence = { marker: open[1]!, block: { line: index + 1, lang: open[2]!, code: '', tag }, body: [] };
      return;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(text);
    if (heading) {
      const slug = slugOf(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      page.slugs.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const link of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      page.links.push({ line: index + 1, target: link[1]! });
    }
  });
  return page;
}

/** Code as a test file holds it after formatting: no comments, no whitespace, no trailing commas before a closer. */
const squeeze = (code: string): string =>
  code
    .replace(/(^|\s)\/\/.*$/gm, '$1')
    .replace(/\s+/g, '')
    .replace(/,(?=[)\]}])/g, '');

const pages = pagePaths().map(read);
const byPath = new Map(pages.map((page) => [page.path, page]));
const where = (page: Page, line: number) => `${page.path}:${line}`;

describe('README.md and docs/', () => {
  it('the coverage table of docs/coverage.md matches the route table (regenerate with `npm run readme`)', () => {
    const text = readFileSync(COVERAGE, 'utf8');
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from, 'docs/coverage.md lacks the coverage markers').toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const expected = `${START}\n${renderCoverage()}\n${END}`;
    if (process.env['UPDATE_README'] === '1') {
      writeFileSync(COVERAGE, text.slice(0, from) + expected + text.slice(to + END.length));
      return;
    }
    expect(text.slice(from, to + END.length)).toBe(expected);
  });

  it('every relative link leads to a file of the repository, and every anchor to a heading of its page', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const { line, target } of page.links) {
        if (/^[a-z]+:/i.test(target)) continue;
        const [file = '', anchor] = target.split('#');
        const path = file === '' ? page.path : relative(ROOT, resolve(ROOT, dirname(page.path), decodeURI(file)));
        if (path.startsWith('..') || !existsSync(join(ROOT, path))) broken.push(`${where(page, line)}: ${target} (no such file)`);
        else if (anchor !== undefined && !byPath.get(path)?.slugs.has(anchor)) broken.push(`${where(page, line)}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every page under docs/ is reachable from the README', () => {
    const reached = new Set(['README.md']);
    const queue = ['README.md'];
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const page = byPath.get(path)!;
      for (const { target } of page.links) {
        const file = target.split('#')[0]!;
        if (/^[a-z]+:/i.test(target) || !file.endsWith('.md')) continue;
        const next = relative(ROOT, resolve(ROOT, dirname(path), file));
        if (!byPath.has(next) || reached.has(next)) continue;
        reached.add(next);
        queue.push(next);
      }
    }
    expect(pages.map((page) => page.path).filter((path) => !reached.has(path))).toEqual([]);
  });

  it('every source path it names in inline code exists (`src/...`, `scripts/...`, and `model/...` and the like under src/)', () => {
    const gone: string[] = [];
    for (const page of pages) {
      readFileSync(join(ROOT, page.path), 'utf8')
        .split('\n')
        .forEach((text, index) => {
          for (const [, span = ''] of text.matchAll(/`([^`\s<>*]+)`/g)) {
            const path = /^(src|scripts|test|fixtures|docs)\//.test(span)
              ? span
              : /^(model|operations|protocol|control|harness|support|adapters|testing|scenarios)\//.test(span)
                ? `src/${span}`
                : undefined;
            if (path !== undefined && !existsSync(join(ROOT, path))) gone.push(`${where(page, index + 1)}: ${span}`);
          }
        });
    }
    expect(gone).toEqual([]);
  });

  it('names no notes that live outside the repository', () => {
    const outside = /\.\.\/shared\b|service-facts|beyond-spec|\/work\//;
    const found = pages.flatMap((page) =>
      readFileSync(join(ROOT, page.path), 'utf8')
        .split('\n')
        .flatMap((text, index) => (outside.test(text) ? [`${where(page, index + 1)}: ${text.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('every JavaScript and TypeScript example is run by the test it names, line for line (imports aside)', () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const block of page.blocks.filter((b) => /^(ts|js|mjs|typescript|javascript)$/.test(b.lang))) {
        if (block.tag === undefined) {
          problems.push(`${where(page, block.line)}: no <!-- tested by: <test file> --> (or <!-- not run: <why> -->) above the block`);
          continue;
        }
        if (block.tag.startsWith('not run:')) continue;
        for (const file of block.tag
          .slice('tested by:'.length)
          .split(',')
          .map((f) => f.trim())) {
          if (!existsSync(join(ROOT, file))) {
            problems.push(`${where(page, block.line)}: ${file} does not exist`);
            continue;
          }
          const test = squeeze(readFileSync(join(ROOT, file), 'utf8'));
          for (const text of block.code.split('\n')) {
            const line = squeeze(text).replace(/[;,]+$/, '');
            if (line === '' || text.trim().startsWith('import ')) continue;
            if (!test.includes(line)) problems.push(`${where(page, block.line)}: ${file} lacks \`${text.trim()}\``);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
