import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderCoverage } from '../support/coverage.js';

const PAGE = new URL('../../docs/coverage.md', import.meta.url);
const START = '<!-- coverage:start (generated from src/routes.ts by `npm run readme`) -->';
const END = '<!-- coverage:end -->';

it('the coverage table of docs/coverage.md matches the route table (regenerate with `npm run readme`)', () => {
  const text = readFileSync(PAGE, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  expect(from, 'docs/coverage.md lacks the coverage markers').toBeGreaterThan(-1);
  expect(to).toBeGreaterThan(from);
  const expected = `${START}\n${renderCoverage()}\n${END}`;
  if (process.env['UPDATE_README'] === '1') {
    writeFileSync(PAGE, text.slice(0, from) + expected + text.slice(to + END.length));
    return;
  }
  expect(text.slice(from, to + END.length)).toBe(expected);
});
