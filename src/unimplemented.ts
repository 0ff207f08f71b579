import { routes } from './routes.js';

/** Paths of the real service that answer 501 here (service-facts 2.7); braces expand to one path each. */
const UNIMPLEMENTED_PATTERNS = [
  '/v2/agents/analytics/get',
  '/v2/agents/config/resolve',
  '/v2/agents/{create,delete,extract,get,update}',
  '/v2/agents/execution/{count,get,list,run}',
  '/v2/agents/groups/{add-agents,create,delete,get,list,remove-agents,update}',
  '/v2/agents/prompt/{enhance,refine,validate}',
  '/v2/agents/version/update',
  '/v2/agents/versions/{list,restore}',
  '/v2/workflow/definitions/{create,delete,get,list,update}',
  '/v2/workflow/executions/{cancel,dispatch,get,getEvents,list}',
  '/v2/workflow/steps/{cancel,recordAgentResolution,recordReviewerDecision,resolve}',
  // Served by the real service and planned here; each moves into `routes` when implemented.
];

/** Expands `/a/{b,c}` into `/a/b` and `/a/c`. */
function expandBraces(pattern: string): string[] {
  const match = /\{([^}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const [whole, inner = ''] = match;
  return inner.split(',').flatMap((part) => expandBraces(pattern.replace(whole, part)));
}

/** Every path of the real service this emulator answers with 501 UNIMPLEMENTED. */
export const unimplementedPaths: ReadonlySet<string> = new Set(UNIMPLEMENTED_PATTERNS.flatMap(expandBraces).filter((path) => !Object.hasOwn(routes, path)));
