import type { CompiledEdge, CompiledGraph, CompiledLoop, EdgeEndpoint, EdgeInput, GroupInput, NodeInput } from '../state/records/workflow.js';
import { parsePredicate, rolePredicate } from './predicates.js';

/** An edge endpoint resolved: a bare id names a node. */
export interface Endpoint {
  kind: 'node' | 'group';
  id: string;
}

/** The nodes and groups of a definition by id (the first declaration of a repeated id wins). */
export interface GraphIndex {
  nodes: Map<string, NodeInput>;
  groups: Map<string, GroupInput>;
}

/** What the graph checks and the compiler read of a definition. */
export interface GraphSource {
  nodes: readonly NodeInput[];
  edges: readonly EdgeInput[];
  groups?: readonly GroupInput[] | null | undefined;
}

/** The endpoint an authored edge end names. @example endpointOf('a') // { kind: 'node', id: 'a' } */
export function endpointOf(end: EdgeEndpoint): Endpoint {
  if (typeof end === 'string') return { kind: 'node', id: end };
  return end.kind === 'node' ? { kind: 'node', id: end.nodeId } : { kind: 'group', id: end.groupId };
}

/** `<from>-><to>` as messages name an edge. */
export function edgeName(edge: EdgeInput): string {
  return `${endpointOf(edge.from).id}->${endpointOf(edge.to).id}`;
}

/** A reject edge carrying `loop`: a back-edge, never a forward route. */
export const isLoopEdge = (edge: EdgeInput): boolean => edge.on === 'reject' && edge.loop !== undefined;

/** An edge the forward graph follows: neither a loop back-edge nor an exhausted route. */
export const isForwardEdge = (edge: EdgeInput): boolean => !isLoopEdge(edge) && edge.on !== 'exhausted';

/** Indexes a definition's nodes and groups. */
export function indexGraph(source: GraphSource): GraphIndex {
  const nodes = new Map<string, NodeInput>();
  for (const node of source.nodes) if (!nodes.has(node.nodeId)) nodes.set(node.nodeId, node);
  const groups = new Map<string, GroupInput>();
  for (const group of source.groups ?? []) if (!groups.has(group.groupId)) groups.set(group.groupId, group);
  return { nodes, groups };
}

/** Whether an endpoint names something declared. */
export function declared(index: GraphIndex, end: Endpoint): boolean {
  return end.kind === 'node' ? index.nodes.has(end.id) : index.groups.has(end.id);
}

/** The declared nodes an endpoint stands for: the node, or the group's declared members in order. */
export function expand(index: GraphIndex, end: Endpoint): string[] {
  if (end.kind === 'node') return index.nodes.has(end.id) ? [end.id] : [];
  return [...new Set(index.groups.get(end.id)?.memberNodeIds ?? [])].filter((id) => index.nodes.has(id));
}

/** Successors of each node over the edges `include` keeps (group endpoints expanded; undeclared ends skipped). */
export function successors(source: GraphSource, index: GraphIndex, include: (edge: EdgeInput) => boolean = isForwardEdge): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const edge of source.edges) {
    if (!include(edge)) continue;
    const targets = expand(index, endpointOf(edge.to));
    for (const from of expand(index, endpointOf(edge.from))) {
      const list = next.get(from) ?? [];
      for (const to of targets) if (!list.includes(to)) list.push(to);
      next.set(from, list);
    }
  }
  return next;
}

/** Every node reachable from `starts` (themselves included). */
export function reachable(next: Map<string, string[]>, starts: readonly string[]): Set<string> {
  const seen = new Set<string>(starts);
  const queue = [...starts];
  for (let i = 0; i < queue.length; i++) {
    for (const to of next.get(queue[i] as string) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

/** Whether `to` is an ancestor of `from` over forward edges (a node is its own ancestor): a back-edge's target. */
export function isAncestor(next: Map<string, string[]>, index: GraphIndex, from: Endpoint, to: Endpoint): boolean {
  if (to.kind !== 'node' || !index.nodes.has(to.id)) return false;
  const sources = expand(index, from);
  const seen = reachable(next, [to.id]);
  return sources.some((id) => seen.has(id));
}

/** The loop id of a back-edge: `loop_<from>__<to>`. */
export function loopIdOf(edge: EdgeInput): string {
  return `loop_${endpointOf(edge.from).id}__${endpointOf(edge.to).id}`;
}

/**
 * The compiled graph (beyond-spec-4 4.2.0 C): forward edges with group endpoints expanded per member and their
 * predicates, loops with their bodies and exhausted routes, and the roots. Assumes the definition passed the checks.
 * @example compileGraph(definition).roots
 */
export function compileGraph(source: GraphSource): CompiledGraph {
  const index = indexGraph(source);
  const forwardEdges: CompiledEdge[] = [];
  for (const edge of source.edges) {
    if (!isForwardEdge(edge)) continue;
    const from = endpointOf(edge.from);
    const to = endpointOf(edge.to);
    const role = edge.on ?? 'always';
    const when = role === 'approve' || role === 'reject' ? rolePredicate(role) : role === 'custom' ? (parsePredicate(edge.when ?? '') ?? null) : null;
    for (const a of expand(index, from)) {
      for (const b of expand(index, to)) {
        const compiled: CompiledEdge = { from: a, to: b, role, when };
        if (from.kind === 'group') compiled.fromGroupId = from.id;
        if (to.kind === 'group') compiled.toGroupId = to.id;
        forwardEdges.push(compiled);
      }
    }
  }
  const next = successors(source, index);
  const back = new Map<string, string[]>();
  for (const [from, list] of next) for (const to of list) back.set(to, [...(back.get(to) ?? []), from]);
  const loops: CompiledLoop[] = [];
  for (const edge of source.edges) {
    if (!isLoopEdge(edge)) continue;
    const from = endpointOf(edge.from);
    const to = endpointOf(edge.to);
    const forward = reachable(next, [to.id]);
    const backward = reachable(back, expand(index, from));
    const exhausted = source.edges.find((e) => e.on === 'exhausted' && sameEndpoint(endpointOf(e.from), from));
    loops.push({
      loopId: loopIdOf(edge),
      from: from.kind === 'node' ? { kind: 'node', nodeId: from.id } : { kind: 'group', groupId: from.id },
      entryNodeId: to.id,
      bodyNodeIds: [...index.nodes.keys()].filter((id) => forward.has(id) && backward.has(id)),
      maxIterations: edge.loop?.maxIterations ?? 1,
      onExhausted: exhausted ? { routeToNodeId: endpointOf(exhausted.to).id } : null,
    });
  }
  const incoming = new Set(forwardEdges.map((e) => e.to));
  const exhaustedTargets = new Set(loops.flatMap((l) => (l.onExhausted ? [l.onExhausted.routeToNodeId] : [])));
  const roots = [...index.nodes.keys()].filter((id) => !incoming.has(id) && !exhaustedTargets.has(id));
  return { forwardEdges, loops, roots };
}

/** Whether two endpoints name the same thing. */
export function sameEndpoint(a: Endpoint, b: Endpoint): boolean {
  return a.kind === b.kind && a.id === b.id;
}
