// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { define, dispatch, docSignoff, expectInvalid, resultOf } from './helpers.js';

const DEFINITIONS = '/v2/workflow/definitions/list';
const EXECUTIONS = '/v2/workflow/executions/list';

/** Every item of a list, page by page, following `nextCursor`. */
async function allPages(c: any, path: string, pageSize: number, ids: (item: any) => string): Promise<{ ids: string[]; cursors: unknown[] }> {
  const out: string[] = [];
  const cursors: unknown[] = [];
  let cursor: unknown;
  for (let guard = 0; guard < 20; guard++) {
    const page = resultOf(await c.post(path, { pageSize, ...(cursor === undefined ? {} : { cursor }) }));
    out.push(...page.items.map(ids));
    if (page.nextCursor === null) break;
    cursors.push(page.nextCursor);
    cursor = page.nextCursor;
  }
  return { ids: out, cursors };
}

forEachTransport('workflow list cursors (beyond-spec-4 K19)', (fresh) => {
  it('with listTieSafeCursor, pages of definitions and runs that share one instant skip nothing and repeat nothing', async () => {
    const c = fresh();
    // A frozen clock: every definition and run below shares one instant.
    for (const id of ['d-a', 'd-b', 'd-c', 'd-d', 'd-e']) await define(c, docSignoff(id));
    const runs: string[] = [];
    for (let i = 0; i < 5; i++) runs.push((await dispatch(c, 'd-a')).executionId);
    const now = c.service.clock.now();

    // Faithful by default: the strict `<` of the numeric cursor loses the rest of the boundary instant.
    expect((await allPages(c, DEFINITIONS, 2, (d) => d.definitionId)).ids).toEqual(['d-a', 'd-b']);
    expect((await allPages(c, EXECUTIONS, 2, (e) => e.executionId)).ids).toHaveLength(2);

    expect((await control(c, 'POST', '/__mock/workflow/config', { listTieSafeCursor: true })).body).toMatchObject({ listTieSafeCursor: true });
    const definitions = await allPages(c, DEFINITIONS, 2, (d) => d.definitionId);
    expect(definitions.ids).toEqual(['d-a', 'd-b', 'd-c', 'd-d', 'd-e']);
    expect(definitions.cursors).toEqual([`${now}:d-b`, `${now}:d-d`]);
    const executions = await allPages(c, EXECUTIONS, 2, (e) => e.executionId);
    expect(executions.ids).toEqual([...runs].sort().reverse());
    expect(executions.cursors).toEqual([`${now}:${executions.ids[1]}`, `${now}:${executions.ids[3]}`]);
    // Numeric cursors keep their meaning under the option.
    expect(resultOf(await c.post(DEFINITIONS, { cursor: now + 1 })).items).toHaveLength(5);
    expect(resultOf(await c.post(EXECUTIONS, { cursor: String(now) })).items).toEqual([]);
  });

  it('refuses a tie-safe cursor with the faithful wording while the option is off, and a cursor of neither form', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const before = fingerprint(c.service);
    expectInvalid(await c.post(DEFINITIONS, { cursor: '1767225600000:doc-signoff' }), 'cursor must be a number.');
    expectInvalid(await c.post(DEFINITIONS, { cursor: 'abc' }), 'cursor must be a number.');
    expectInvalid(await c.post(DEFINITIONS, { cursor: -1 }), 'cursor must be a whole number of at least 0.');
    expectInvalid(await c.post(DEFINITIONS, { cursor: 1.5 }), 'cursor must be a whole number of at least 0.');
    const executions = 'cursor must be the nextCursor of the previous page (a decimal number of milliseconds).';
    expectInvalid(await c.post(EXECUTIONS, { cursor: '1767225600000:exec_1' }), executions);
    expectInvalid(await c.post(EXECUTIONS, { cursor: 'yesterday' }), executions);
    expectInvalid(await c.post(EXECUTIONS, { cursor: ':exec_1' }), executions);
    const refused = await control(c, 'POST', '/__mock/workflow/config', { listTieSafeCursor: 'yes' });
    expect([refused.status, refused.body.error.message]).toEqual([400, 'listTieSafeCursor must be a boolean.']);
    expect(fingerprint(c.service)).toBe(before);
  });
});
