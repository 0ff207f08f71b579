import { z } from 'zod';
import type { ApiVersion, AuthLevel, Operation, Route } from './operation.js';
import { validate } from './validate.js';

/**
 * What every operation of an area declares alike: the headers it reads, the wording of a missing token where the
 * area has its own, and `message: null` where its replies are a bare `{result}`.
 */
export interface AreaFacts {
  auth: AuthLevel;
  missingTokenMessage?: string;
  message?: null;
}

/** A line of the route table whose operation loads with its area, and the operation it stands for once loaded. */
export interface LazyRoute extends Route {
  /** The route with the operation itself (schema, rules, run): at once when its area has loaded, else a promise. */
  load(): Route | Promise<Route>;
}

/** One area of operations that loads on the first call to one of its paths, and the route lines it serves. */
export interface Area<M> {
  /** A v1 line: its summary (for the journal before the area loads) and where the operation sits in the area. */
  v1(summary: string, pick: (area: M) => Operation): LazyRoute;
  /** A v2 line, as `v1`. */
  v2(summary: string, pick: (area: M) => Operation): LazyRoute;
  /** Loads the area (once). */
  load(): Promise<M>;
}

/** Stand-ins validate nothing themselves: the operation they stand for validates what the caller sent. */
const asSent = z.unknown();

/**
 * An area whose operations, with their schemas, load on the first call to one of its paths. Each line is a route
 * whose stand-in operation holds what the pipeline reads before an operation runs (auth, the missing-token
 * wording, the summary the journal names, whether the reply is bare), so a refusal by path, gate or credentials
 * answers as the operation itself would, without loading the area; its `run` loads the area inside the call's
 * transaction, in the call's turn, then validates and runs the operation itself.
 * @example const agents = area(() => import('./operations/agents/index.js'), { auth: 'apiKey' }); agents.v2('Create agent', (m) => m.agents.create)
 */
export function area<M>(importArea: () => Promise<M>, facts: AreaFacts): Area<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const load = (): Promise<M> => {
    loading ??= importArea().then(
      (m) => (loaded = m),
      (error: unknown) => {
        // A chunk that failed to load (a dropped connection) is asked for again by the next call.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const line = (version: ApiVersion, summary: string, pick: (area: M) => Operation): LazyRoute => {
    let route: Route | undefined;
    const resolve = (m: M): Route => (route ??= { operation: pick(m), version });
    const operation: Operation = {
      auth: facts.auth,
      summary,
      // Every reply of an enveloped operation names its message (`run` passes the operation's own on).
      message: facts.message === null ? null : '',
      schema: asSent,
      run: async (ctx) => {
        const { operation: own } = route ?? resolve(loaded ?? (await load()));
        const data = validate(own.schema, ctx.raw, own.issueDetails);
        const output = await own.run({ ...ctx, data });
        return own.message === null || output.unwrapped ? output : { ...output, message: output.message ?? own.message };
      },
    };
    if (facts.missingTokenMessage !== undefined) operation.missingTokenMessage = facts.missingTokenMessage;
    return {
      operation,
      version,
      load: () => route ?? (loaded !== undefined ? resolve(loaded) : load().then(resolve)),
    };
  };
  return { v1: (summary, pick) => line('v1', summary, pick), v2: (summary, pick) => line('v2', summary, pick), load };
}

/** Whether a route line stands for an operation of an area that loads on first use. */
export function isLazy(route: Route): route is LazyRoute {
  return 'load' in route;
}

/**
 * The route a line names with its operation itself, its area loaded first where needed.
 * @example const { operation } = await routeOf(routes['/v2/agents/create']);
 */
export function routeOf(route: Route): Route | Promise<Route> {
  return isLazy(route) ? route.load() : route;
}
