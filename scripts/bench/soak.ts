/**
 * Long-run figures: the heap each write keeps over 100,000 `crdt/update` calls on one editor (in process, after the
 * request journal is full), and the built server's resident memory under a mixed soak (`soak.mjs`: 5 minutes of
 * traffic whose state keeps its size, then 50,000 updates of one editor, then a reset). The soak's length is
 * `BENCH_SOAK_SECONDS` (default 300).
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_JOURNAL_LIMIT } from '../../src/harness/journal.js';
import { createMockService } from '../../src/service.js';
import { heapUsed } from './notifications.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Bytes of heap each `crdt/update` on one editor keeps, over `count` of them. @example await benchLongRun() */
export async function benchLongRun(count = 100_000): Promise<Record<string, number>> {
  const service = createMockService();
  const at = { organizationId: 'bench-org', documentId: 'bench-doc', editorId: 'notes' };
  const text = 'lorem ipsum dolor sit amet '.repeat(20);
  const headers = { 'content-type': 'application/json', ...service.credentials.headers };
  const bodies = ['a', 'b'].map((c) => JSON.stringify({ data: { ...at, type: 'text', data: `${c}${text}` } }));
  const write = async (path: string, body: string): Promise<void> => {
    const reply = await service.dispatch({ method: 'POST', path, headers, body });
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${reply.body}`);
  };
  await write('/v2/crdt/add', bodies[0] as string);
  // The request journal fills first, so what remains is what the state and its history keep.
  for (let i = 0; i < DEFAULT_JOURNAL_LIMIT * 2; i++) await write('/v2/crdt/update', bodies[i % 2] as string);
  const before = heapUsed();
  for (let i = 0; i < count; i++) await write('/v2/crdt/update', bodies[i % 2] as string);
  const perWrite = (heapUsed() - before) / count;
  return { [`heap per crdt/update on one editor over ${count.toLocaleString('en-US')} writes, bytes (budget <= 200)`]: perWrite };
}

/** The mixed soak against the built server, in a process of its own. @example await benchSoak() */
export async function benchSoak(): Promise<Record<string, number>> {
  const seconds = Number(process.env['BENCH_SOAK_SECONDS'] ?? 300);
  const { stdout } = await promisify(execFile)(process.execPath, [join(here, 'soak.mjs'), String(seconds), '50000', '16'], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  const soak = JSON.parse(stdout.trim().split('\n').at(-1) as string) as Record<string, number>;
  const first = soak['RSS after the first minute, MB'] as number;
  const end = soak['RSS at the end of the mixed soak, MB'] as number;
  return {
    [`soak: requests in ${seconds} s of mixed traffic`]: soak['mixed requests'] as number,
    'soak: RSS after the first minute, MB': first,
    'soak: RSS at the end, MB': end,
    'soak: RSS growth from the first minute to the end, MB (budget <= 64)': end - first,
    'soak: state export at the end, KB': soak['state export at the end, KB'] as number,
    'soak: RSS growth over 50,000 crdt/update on one editor, MB (budget <= 64)': soak['RSS growth over 50,000 crdt/update on one editor, MB'] as number,
    'soak: RSS 5 s after a reset, MB': soak['RSS 5 s after a reset, MB'] as number,
  };
}
