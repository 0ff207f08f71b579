import { compileGraph, declared, endpointOf, type GraphSource, indexGraph, isForwardEdge, isLoopEdge, reachable, successors } from './graph.js';
import { parsePredicate, readsStepStatus } from './predicates.js';

/**
 * Stage 4 of the definition validation (beyond-spec-4 4.2.0 B): the linter. It reports every finding, ordered by the
 * code's place in the documented list and then by declaration order; the refusal's message is
 * `Definition linter failed: ` and the findings as a JSON array.
 */

/** One linter finding. */
export interface LintFinding {
  code: string;
  message: string;
  nodeId?: string;
  groupId?: string;
}

/** The codes in their documented order, each with its meaning in one sentence. */
export const LINT_CODES: Readonly<Record<string, string>> = {
  'duplicate-node-id': 'a nodeId is declared more than once',
  'dangling-edge': 'an edge names a node or group that is not declared',
  'cycle-detected': 'the graph has a cycle; a node may be revisited only through a reject edge carrying "loop"',
  'unreachable-node': 'no path leads from a root to this node',
  'node-missing-config': 'the node has no config',
  'missing-breach-edge': 'the node has an SLA and outgoing edges, but none fires on a breach (an "always" edge or a "custom" edge testing step.status)',
  'group-duplicate-id': 'a groupId is declared more than once',
  'group-members-empty': 'the group has no members',
  'group-member-missing': 'a group member is not a declared node',
  'group-expected-steps-invalid': 'expectedSteps must be between 1 and 500',
  'group-quorum-invalid': 'quorum must be between 1 and expectedSteps',
  'group-cancelonquorum-requires-quorum-lt-expected': 'a cancelOnQuorum group needs a quorum below expectedSteps',
  'group-joinonquorum-members-must-share-successors': 'the members of a joinOnQuorum group must have the same successors',
  'group-required-not-in-members': 'a required node is not a member of the group',
  'group-required-exceeds-quorum': 'more required nodes than the quorum',
  'group-node-in-multiple-groups': 'a node belongs to more than one group',
  'loop-node-in-multiple-loops': 'a node belongs to the body of more than one loop',
  'loop-body-must-have-single-terminal': 'a loop body must leave through its terminal node only',
  'loop-group-bounded-quorum-must-equal-expected': 'a group ending a loop body needs quorum equal to expectedSteps',
};

const finding = (code: string, at: { nodeId?: string; groupId?: string }): LintFinding => ({ code, message: LINT_CODES[code] as string, ...at });

function nodeFindings(source: GraphSource, out: LintFinding[]): void {
  const index = indexGraph(source);
  const seen = new Set<string>();
  for (const node of source.nodes) {
    if (seen.has(node.nodeId)) out.push(finding('duplicate-node-id', { nodeId: node.nodeId }));
    seen.add(node.nodeId);
  }
  for (const edge of source.edges) {
    for (const end of [endpointOf(edge.from), endpointOf(edge.to)]) {
      if (!declared(index, end)) out.push(finding('dangling-edge', end.kind === 'node' ? { nodeId: end.id } : { groupId: end.id }));
    }
  }
  const next = successors(source, index);
  const onCycle = [...index.nodes.keys()].find((id) => (next.get(id) ?? []).some((to) => reachable(next, [to]).has(id)));
  if (onCycle !== undefined) out.push(finding('cycle-detected', { nodeId: onCycle }));
  const { roots } = compileGraph(source);
  const all = successors(source, index, (e) => isForwardEdge(e) || e.on === 'exhausted');
  const reached = reachable(all, roots);
  for (const id of index.nodes.keys()) if (!reached.has(id)) out.push(finding('unreachable-node', { nodeId: id }));
  for (const node of index.nodes.values()) if (node.config === undefined) out.push(finding('node-missing-config', { nodeId: node.nodeId }));
  for (const node of index.nodes.values()) {
    if (node.slaMs === undefined) continue;
    const own = source.edges.filter((e) => isForwardEdge(e) && endpointOf(e.from).kind === 'node' && endpointOf(e.from).id === node.nodeId);
    const breach = own.some((e) => (e.on ?? 'always') === 'always' || (e.on === 'custom' && readsStepStatus(parsePredicate(e.when ?? ''))));
    if (own.length > 0 && !breach) out.push(finding('missing-breach-edge', { nodeId: node.nodeId }));
  }
}

function groupFindings(source: GraphSource, out: LintFinding[]): void {
  const index = indexGraph(source);
  const groups = source.groups ?? [];
  const byCode = new Map<string, LintFinding[]>();
  const add = (code: string, at: { nodeId?: string; groupId?: string }): void => {
    byCode.set(code, [...(byCode.get(code) ?? []), finding(code, at)]);
  };
  const seen = new Set<string>();
  const owner = new Map<string, string>();
  for (const group of groups) {
    const groupId = group.groupId;
    if (seen.has(groupId)) add('group-duplicate-id', { groupId });
    seen.add(groupId);
    if (group.memberNodeIds.length === 0) add('group-members-empty', { groupId });
    for (const id of group.memberNodeIds) if (!index.nodes.has(id)) add('group-member-missing', { groupId, nodeId: id });
    if (group.expectedSteps < 1 || group.expectedSteps > 500) add('group-expected-steps-invalid', { groupId });
    else if (group.quorum < 1 || group.quorum > group.expectedSteps) add('group-quorum-invalid', { groupId });
    if (group.onQuorumMet === 'cancelOnQuorum' && group.quorum >= group.expectedSteps) add('group-cancelonquorum-requires-quorum-lt-expected', { groupId });
    if (group.onQuorumMet === 'joinOnQuorum') {
      const targets = group.memberNodeIds.map((id) => JSON.stringify([...(ownSuccessors(source, id) ?? [])].sort()));
      if (new Set(targets).size > 1) add('group-joinonquorum-members-must-share-successors', { groupId });
    }
    for (const id of group.requiredNodeIds ?? []) if (!group.memberNodeIds.includes(id)) add('group-required-not-in-members', { groupId, nodeId: id });
    if ((group.requiredNodeIds?.length ?? 0) > group.quorum) add('group-required-exceeds-quorum', { groupId });
    for (const id of new Set(group.memberNodeIds)) {
      const first = owner.get(id);
      if (first !== undefined && first !== groupId) add('group-node-in-multiple-groups', { groupId, nodeId: id });
      else owner.set(id, groupId);
    }
  }
  for (const code of Object.keys(LINT_CODES)) out.push(...(byCode.get(code) ?? []));
}

/** The targets of a node's own forward edges (not those leaving its group). */
function ownSuccessors(source: GraphSource, nodeId: string): Set<string> {
  const out = new Set<string>();
  for (const edge of source.edges) {
    const from = endpointOf(edge.from);
    if (isForwardEdge(edge) && from.kind === 'node' && from.id === nodeId) out.add(JSON.stringify(endpointOf(edge.to)));
  }
  return out;
}

function loopFindings(source: GraphSource, out: LintFinding[]): void {
  const index = indexGraph(source);
  const { loops } = compileGraph(source);
  const membership = new Map<string, number>();
  for (const loop of loops) for (const id of loop.bodyNodeIds) membership.set(id, (membership.get(id) ?? 0) + 1);
  for (const id of index.nodes.keys()) if ((membership.get(id) ?? 0) > 1) out.push(finding('loop-node-in-multiple-loops', { nodeId: id }));
  const next = successors(source, index);
  for (const loop of loops) {
    if (loop.from.kind !== 'node') continue;
    const body = new Set(loop.bodyNodeIds);
    const terminal = loop.from.nodeId;
    const exits = loop.bodyNodeIds.filter((id) => {
      const after = next.get(id) ?? [];
      return id === terminal ? false : after.length === 0 || after.some((to) => !body.has(to));
    });
    if (exits.length > 0) out.push(finding('loop-body-must-have-single-terminal', { nodeId: exits[0] as string }));
  }
  for (const edge of source.edges) {
    const from = endpointOf(edge.from);
    if (!isLoopEdge(edge) || from.kind !== 'group') continue;
    const group = index.groups.get(from.id);
    if (group && group.quorum !== group.expectedSteps) out.push(finding('loop-group-bounded-quorum-must-equal-expected', { groupId: from.id }));
  }
}

/**
 * Every linter finding of a definition that passed stages 1 to 3; empty when it is clean.
 * @example lintDefinition(draft).map((f) => f.code) // ['unreachable-node']
 */
export function lintDefinition(source: GraphSource): LintFinding[] {
  const out: LintFinding[] = [];
  nodeFindings(source, out);
  groupFindings(source, out);
  loopFindings(source, out);
  // Table order first, declaration order within a code (each pass above already walks in declaration order).
  const rank = Object.keys(LINT_CODES);
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank.indexOf(a.f.code) - rank.indexOf(b.f.code) || a.i - b.i)
    .map(({ f }) => f);
}
