import { routes } from './routes.js';

/** Paths of the real service that answer 501 here (service-facts 2.7); braces expand to one path each. */
const UNIMPLEMENTED_PATTERNS = [
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
