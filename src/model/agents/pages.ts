/** What an agent "sees" (beyond-spec-4 4.1.0 H): the page registry, the document's own text, and a run's URL set. */
import type { Namespace } from '../state/entities.js';
import type { AgentPageRecord, AgentsState } from '../state/records/agents.js';

/** A page as the rules read it: its text, its html when one was registered, and how it failed. */
export interface SeenPage {
  text: string;
  html?: string;
  /** The `error.code` the URL fails with. */
  fail?: string;
}

/** A URL without its fragment. @example withoutFragment('https://a.test/x#top') === 'https://a.test/x' */
export function withoutFragment(url: string): string {
  const at = url.indexOf('#');
  return at === -1 ? url : url.slice(0, at);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** The text of html: scripts and styles removed, tags stripped, the five XML entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The registered page for a URL: the exact URL, else the URL with or without a trailing slash. */
export function registeredPage(state: AgentsState, url: string): AgentPageRecord | undefined {
  const u = withoutFragment(url);
  return state.pages.get(u) ?? state.pages.get(u.endsWith('/') ? u.slice(0, -1) : `${u}/`);
}

/** The document's text: its stored text and xml shared-editor entries in `editorId` order, joined by a blank line. */
export function documentText(ns: Namespace, organizationId: string, documentId: string): string {
  const editors = ns.editors.get(organizationId)?.get(documentId);
  if (!editors) return '';
  const parts: string[] = [];
  for (const id of [...editors.keys()].sort()) {
    const entry = editors.get(id);
    if (!entry?.stored || entry.contentKey === null) continue;
    const type = entry.types[entry.contentKey];
    if (type === 'text' && typeof entry.data === 'string') parts.push(entry.data);
    else if (type === 'xml' && typeof entry.data === 'string') parts.push(htmlText(entry.data));
  }
  return parts.join('\n\n');
}

/**
 * What the agent sees at a URL: a registered page (a status of 500 or more fails with CONTEXT_GATHERING_ERROR unless
 * `fail` names another code), else the document's text for the seed URL, else an empty page.
 * @example seePage(ns, state, url, true, { organizationId, documentId }).text
 */
export function seePage(ns: Namespace, state: AgentsState, url: string, seed: boolean, at: { organizationId: string; documentId: string }): SeenPage {
  const page = registeredPage(state, url);
  if (page) {
    const seen: SeenPage = { text: page.text ?? (page.html !== undefined ? htmlText(page.html) : '') };
    if (page.html !== undefined) seen.html = page.html;
    if (page.fail !== undefined) seen.fail = page.fail;
    else if (page.status !== undefined && page.status >= 500) seen.fail = 'CONTEXT_GATHERING_ERROR';
    return seen;
  }
  if (seed) return { text: documentText(ns, at.organizationId, at.documentId) };
  return { text: '' };
}

/** Whether a URL matches a glob (`*` = any run of characters). */
export function globMatches(glob: string, url: string): boolean {
  const pattern = glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pattern.join('.*')}$`).test(url);
}

/** Whether a URL is inside an agent's `scope.pageScope` and outside its `pageScopeExclude`. */
export function inScope(behaviour: Record<string, unknown>, url: string): boolean {
  const scope = behaviour['scope'] as { pageScope?: unknown; pageScopeExclude?: unknown } | undefined;
  const include = Array.isArray(scope?.pageScope) ? (scope.pageScope as string[]) : [];
  const exclude = Array.isArray(scope?.pageScopeExclude) ? (scope.pageScopeExclude as string[]) : [];
  if (include.length > 0 && !include.some((g) => globMatches(g, url))) return false;
  return !exclude.some((g) => globMatches(g, url));
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * The URLs a run processes: the seed alone, or (cross-page) the seed then the registered pages under it (or the agent's
 * manual pages), filtered by scope and capped; `found` counts them before the cap.
 * @example planUrls(state, behaviour, 'https://a.test/docs', true, 50).list
 */
export function planUrls(
  state: AgentsState,
  behaviour: Record<string, unknown>,
  seedUrl: string,
  crossPage: boolean,
  max: number,
): { list: string[]; found: number } {
  const seed = withoutFragment(seedUrl);
  if (!crossPage) return { list: [seed], found: 1 };
  const crossScope = (behaviour['scope'] as { crossPage?: { pageDiscovery?: string; pages?: unknown } } | undefined)?.crossPage;
  let candidates: string[];
  if (crossScope?.pageDiscovery === 'manual' && Array.isArray(crossScope.pages)) {
    candidates = (crossScope.pages as unknown[]).filter((p): p is string => typeof p === 'string').map(withoutFragment);
  } else {
    const base = parse(seed);
    const under = [...state.pages.keys()].filter((u) => {
      const target = parse(u);
      return u !== seed && base !== undefined && target !== undefined && target.origin === base.origin && target.pathname.startsWith(base.pathname);
    });
    candidates = [seed, ...under.sort()];
  }
  const list = [...new Set(candidates)].filter((u) => inScope(behaviour, u));
  return { list: list.slice(0, max), found: list.length };
}
