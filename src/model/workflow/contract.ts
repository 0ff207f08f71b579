import type { TriggerInput } from '../state/records/workflow.js';
import { declared, edgeName, endpointOf, type GraphIndex, type GraphSource, indexGraph, isAncestor, isLoopEdge, sameEndpoint, successors } from './graph.js';
import { parsePredicate } from './predicates.js';

/**
 * Stage 3 of the definition validation (beyond-spec-4 4.2.0 B): the edge contract the graph compiler enforces. The
 * first broken rule answers, as `<rule text>: <offending id>`. Edges naming undeclared nodes or groups are left to
 * the linter (`dangling-edge`).
 */

/** What the edge contract reads of a definition. */
export interface ContractSource extends GraphSource {
  triggers?: readonly TriggerInput[] | null | undefined;
}

/** The first broken rule of a trigger or node, or `undefined`. */
function declarationProblem(source: ContractSource): string | undefined {
  for (const trigger of source.triggers ?? []) {
    const kinds = [trigger.inboundWebhook, trigger.schedule, trigger.appTrigger].filter((k) => k !== undefined).length;
    if (kinds > 1) return `a trigger may declare only one of inboundWebhook, schedule, appTrigger: ${trigger.triggerId}`;
  }
  for (const node of source.nodes) {
    if (node.type === 'notification' && node.config?.['format'] === 'slack-blocks' && node.config['channel'] !== 'slack') {
      return `format="slack-blocks" requires channel="slack": ${node.nodeId}`;
    }
  }
  return undefined;
}

/** The first broken rule of one edge's own keys (`on`, `when`, `loop`), or `undefined`. */
function keysProblem(source: ContractSource): string | undefined {
  for (const edge of source.edges) {
    const name = edgeName(edge);
    const on = edge.on ?? 'always';
    if (on === 'custom' && (edge.when === undefined || edge.when.trim() === '')) return `edge with on="custom" requires a non-empty "when": ${name}`;
    if (on !== 'custom' && edge.when !== undefined) return `"when" is only valid on edges with on="custom": ${name}`;
    if (on === 'custom' && parsePredicate(edge.when as string) === undefined) return `"when" must be a JSON-AST string: ${name}`;
    if (edge.loop !== undefined && on !== 'reject') return `"loop" is only valid on edges with on="reject": ${name}`;
    if (endpointOf(edge.from).kind === 'group' && endpointOf(edge.to).kind === 'group') return `edges between two groups are not allowed: ${name}`;
  }
  return undefined;
}

/** The first broken rule of the graph's shape (back-edges, exhausted routes, group sources), or `undefined`. */
function shapeProblem(source: ContractSource, index: GraphIndex): string | undefined {
  const next = successors(source, index);
  for (const edge of source.edges) {
    const from = endpointOf(edge.from);
    const to = endpointOf(edge.to);
    if (!declared(index, from) || !declared(index, to)) continue;
    const name = edgeName(edge);
    if (isLoopEdge(edge) && !isAncestor(next, index, from, to)) return `a loop edge must point to an ancestor of its source: ${name}`;
    if (edge.on === 'reject' && !isLoopEdge(edge) && isAncestor(next, index, from, to)) return `a reject edge to an ancestor must declare "loop": ${name}`;
    if (edge.on === 'exhausted' && !source.edges.some((e) => isLoopEdge(e) && sameEndpoint(endpointOf(e.from), from))) {
      return `on="exhausted" requires a reject loop edge from the same source: ${from.id}`;
    }
    if (from.kind === 'group') {
      const policy = index.groups.get(from.id)?.onQuorumMet ?? 'waitAll';
      if (edge.on === 'reject' && !isLoopEdge(edge) && policy !== 'waitAll')
        return `a forward reject edge from a joinOnQuorum or cancelOnQuorum group never fires: ${from.id}`;
      if (isLoopEdge(edge) && policy !== 'joinOnQuorum') return `a reject loop edge from a group requires onQuorumMet="joinOnQuorum": ${from.id}`;
    }
  }
  return undefined;
}

/** Whether a human node has a reject route: its own, or one leaving a group it belongs to. */
function hasRejectRoute(source: ContractSource, nodeId: string): boolean {
  return source.edges.some((edge) => {
    if (edge.on !== 'reject') return false;
    const from = endpointOf(edge.from);
    if (from.kind === 'node') return from.id === nodeId;
    return (source.groups ?? []).some((g) => g.groupId === from.id && g.memberNodeIds.includes(nodeId));
  });
}

/**
 * The first broken rule of the edge contract, as the error message, or `undefined` when the graph compiles.
 * @example contractProblem(draft) // 'every human node must have at least one outgoing edge with on="reject" (...): review'
 */
export function contractProblem(source: ContractSource): string | undefined {
  const index = indexGraph(source);
  const problem = declarationProblem(source) ?? keysProblem(source) ?? shapeProblem(source, index);
  if (problem !== undefined) return problem;
  for (const node of index.nodes.values()) {
    if (node.type === 'human' && !hasRejectRoute(source, node.nodeId)) {
      return `every human node must have at least one outgoing edge with on="reject" (a forward reject route or a reject back-edge): ${node.nodeId}`;
    }
  }
  return undefined;
}
