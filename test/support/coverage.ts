import { coverage } from '../../src/coverage.js';
import { loadRoutes } from '../../src/routes.js';

const AUTH_LABEL = { none: 'none', workspace: 'workspace', workspaceRead: 'workspace', apiKey: 'API key' } as const;

/** The coverage table of docs/coverage.md, rendered from the route table with every area loaded. */
export async function renderCoverage(): Promise<string> {
  const { served } = coverage(await loadRoutes());
  const lines = ['| Path | Auth | Operation | Served as |', '|---|---|---|---|'];
  for (const entry of served) {
    lines.push(
      `| \`${entry.path}\` | ${AUTH_LABEL[entry.auth]} | ${entry.summary} | ${entry.sameAs === undefined ? 'implemented' : `same operation as \`${entry.sameAs}\``} |`,
    );
  }
  lines.push('', `${served.length} paths served: every documented path of the real service.`);
  return lines.join('\n');
}
