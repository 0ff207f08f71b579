import { routes, unimplementedPaths } from '../../src/routes.js';

const AUTH_LABEL = { none: 'none', workspace: 'workspace', workspaceRead: 'workspace', apiKey: 'API key' } as const;

/** The README's coverage section, rendered from the route table. */
export function renderCoverage(): string {
  const lines = ['| Path | Auth | Served as |', '|---|---|---|'];
  const firstPath = new Map<unknown, string>();
  for (const [path, op] of Object.entries(routes)) {
    const first = firstPath.get(op);
    if (first === undefined) firstPath.set(op, path);
    lines.push(`| \`${path}\` | ${AUTH_LABEL[op.auth]} | ${first === undefined ? 'implemented' : `same operation as \`${first}\``} |`);
  }
  const pending = [...unimplementedPaths].sort();
  lines.push(
    '',
    `${Object.keys(routes).length} paths served. ${pending.length} further paths of the real service answer ` +
      '501 `UNIMPLEMENTED` with `Operation <path> is not implemented by this emulator.`:',
    '',
    pending.map((p) => `\`${p}\``).join(', '),
  );
  return lines.join('\n');
}
