import { coverage } from '../../src/coverage.js';

const AUTH_LABEL = { none: 'none', workspace: 'workspace', workspaceRead: 'workspace', apiKey: 'API key' } as const;

/** The coverage table of docs/coverage.md, rendered from the route table. */
export function renderCoverage(): string {
  const { served } = coverage();
  const lines = ['| Path | Auth | Operation | Served as |', '|---|---|---|---|'];
  for (const entry of served) {
    lines.push(
      `| \`${entry.path}\` | ${AUTH_LABEL[entry.auth]} | ${entry.summary} | ${entry.sameAs === undefined ? 'implemented' : `same operation as \`${entry.sameAs}\``} |`,
    );
  }
  lines.push('', `${served.length} paths served: every documented path of the real service.`);
  return lines.join('\n');
}
