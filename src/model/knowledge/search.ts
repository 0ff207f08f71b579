import { type JudgmentRanker, judgmentIndex } from '../memory/index.js';
import type { Lexicon } from '../memory/synonyms.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeBase, KnowledgeRule, KnowledgeSource } from '../state/records/knowledge.js';
import type { JudgmentRecord } from '../state/records/memory.js';
import { liveSource, readKnowledge } from './base.js';

/** A chunk or rule of a completed source, as the knowledge index holds it. */
interface Item {
  kind: 'chunk' | 'rule';
  source: KnowledgeSource;
  index: number;
  text: string;
  rule?: KnowledgeRule;
}

/** The searchable items of a key's completed sources, with the records the matcher indexes for them. */
interface Corpus {
  /** What the corpus was built from: each completed source with its chunk and rule arrays. */
  parts: unknown[];
  items: Item[];
  records: JudgmentRecord[];
}

const corpora = new WeakMap<KnowledgeBase, Corpus>();

/** The parts a corpus stands for: every completed, non-duplicate source with its chunk and rule arrays, in ingest order. */
function partsOf(base: KnowledgeBase): unknown[] {
  const parts: unknown[] = [];
  for (const source of base.sources.values()) {
    if (source.dedupOf === undefined && source.embeddingStatus === 'completed') parts.push(source, source.chunks, source.rules);
  }
  return parts;
}

/** A chunk or rule as a record of the judgment matcher: its text is the judged content. */
function recordOf(item: Item): JudgmentRecord {
  return {
    recordId: `${item.source.id}/${item.kind}/${item.index}`,
    reasoning: '',
    decision: 'comment',
    confidence: 1,
    judgeType: 'human',
    contentType: '',
    actionUser: { userId: '' },
    createdAt: item.source.uploadedAt,
    agent: null,
    content: item.text,
  };
}

function addSource(corpus: Corpus, source: KnowledgeSource): void {
  const add = (item: Item) => {
    corpus.items.push(item);
    corpus.records.push(recordOf(item));
  };
  source.chunks.forEach((text, index) => {
    add({ kind: 'chunk', source, index, text });
  });
  for (const rule of source.rules) add({ kind: 'rule', source, index: rule.index, text: rule.content, rule });
}

/**
 * The corpus of a knowledge base, kept between searches: extended in place when sources only completed after the
 * ones it holds (the matcher's index then grows by what was added), built anew when one changed or went.
 */
function corpusOf(base: KnowledgeBase): Corpus {
  const parts = partsOf(base);
  let corpus = corpora.get(base);
  const prefix = corpus !== undefined && corpus.parts.length <= parts.length && corpus.parts.every((part, i) => part === parts[i]);
  if (!corpus || !prefix) {
    corpus = { parts: [], items: [], records: [] };
    corpora.set(base, corpus);
  }
  for (let i = corpus.parts.length; i < parts.length; i += 3) addSource(corpus, parts[i] as KnowledgeSource);
  corpus.parts = parts;
  return corpus;
}

/** A knowledge search (beyond-spec-4 4.3.10), validated. */
export interface KnowledgeQuery {
  query: string;
  /** Ids to search in; undefined: the whole knowledge base. */
  sourceIds?: readonly string[] | undefined;
  limit: number;
  includeRules: boolean;
}

/** One knowledge hit, ranked. */
export interface KnowledgeHit {
  kind: 'chunk' | 'rule';
  sourceId: string;
  text: string;
  /** Relevance of the suggest matcher, in (0, 1]. */
  relevance: number;
  ruleId?: string;
  category?: string | null;
}

/**
 * Ranks the chunks (and with `includeRules` the rules) of a key's completed sources against a query with the matcher
 * of suggest: best first, ties to the newer source, then the item's index. A duplicate's id searches its winner.
 * @example findKnowledge(ns, { query: 'medical claims', limit: 10, includeRules: true }, synonyms)[0]?.text
 */
export function findKnowledge(ns: Namespace, request: KnowledgeQuery, synonyms: Lexicon): KnowledgeHit[] {
  const base = readKnowledge(ns);
  if (base.sources.size === 0) return [];
  const corpus = corpusOf(base);
  if (corpus.items.length === 0) return [];
  let only: Set<string> | undefined;
  if (request.sourceIds !== undefined) {
    only = new Set();
    for (const id of request.sourceIds) {
      const source = base.sources.get(id);
      const live = source && liveSource(base, source);
      if (live) only.add(live.id);
    }
  }
  const index: JudgmentRanker = judgmentIndex(corpus.records, synonyms);
  const hits = index
    .search(request.query)
    .map((hit) => ({ item: corpus.items[hit.index] as Item, relevance: hit.relevance }))
    .filter(({ item }) => (request.includeRules || item.kind === 'chunk') && (only === undefined || only.has(item.source.id)));
  hits.sort(
    (a, b) =>
      b.relevance - a.relevance ||
      b.item.source.uploadedAt - a.item.source.uploadedAt ||
      a.item.index - b.item.index ||
      (a.item.kind < b.item.kind ? -1 : a.item.kind > b.item.kind ? 1 : 0),
  );
  return hits.slice(0, request.limit).map(({ item, relevance }) => {
    const hit: KnowledgeHit = { kind: item.kind, sourceId: item.source.id, text: item.text, relevance };
    if (item.rule) {
      hit.ruleId = item.rule.id;
      hit.category = item.rule.category;
    }
    return hit;
  });
}

/**
 * The `result` of knowledge/search: without `includeRules` items are exactly `{ sourceId, text, score }`; with it they
 * add `kind`, and rules their `ruleId` and `category` (when not null). `score` is a distance: 1 − relevance.
 * @example searchKnowledge(ns, { query: 'images', limit: 10, includeRules: false }, synonyms).recordsSearched
 */
export function searchKnowledge(ns: Namespace, request: KnowledgeQuery, synonyms: Lexicon): { results: Record<string, unknown>[]; recordsSearched: number } {
  const results = findKnowledge(ns, request, synonyms).map((hit) => {
    const score = Math.round((1 - hit.relevance) * 10_000) / 10_000;
    if (!request.includeRules) return { sourceId: hit.sourceId, text: hit.text, score };
    const item: Record<string, unknown> = { kind: hit.kind };
    if (hit.ruleId !== undefined) item['ruleId'] = hit.ruleId;
    Object.assign(item, { sourceId: hit.sourceId, text: hit.text, score });
    if (hit.category !== undefined && hit.category !== null) item['category'] = hit.category;
    return item;
  });
  return { results, recordsSearched: results.length };
}
