/** Extract agents from a file (beyond-spec-4 4.1.17): the file becomes a knowledge source, its checklist draft agents. */
import { ServiceError } from '../../errors.js';
import { readKnowledge } from '../knowledge/base.js';
import { registeredConversion } from '../knowledge/ingest.js';
import { addKnowledgeSource, canonicalText, isRuleLine } from '../knowledge/sources.js';
import { sha256Hex } from '../knowledge/urls.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import { EXTRACT_TYPES } from './extract-types.js';

const NO_CONTENT = (): ServiceError => new ServiceError('INTERNAL', 'The file produced no readable content.');

/** Records of a CSV text (RFC 4180: quoted cells, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}

/** A CSV as canonical markdown: `# <fileName>` and a table, header first. */
function csvMarkdown(rows: string[][], fileName: string): string {
  const line = (r: string[]) => `| ${r.map((c) => c.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')).join(' | ')} |`;
  const [head = [], ...body] = rows;
  return `# ${fileName}\n\n${[line(head), `|${head.map(() => ' --- |').join('')}`, ...body.map(line)].join('\n')}\n`;
}

/** One draft agent. */
interface DraftAgent {
  name: string;
  description: string;
  prompt: string;
  sourceTasks: string[];
  userContextFields?: { id: string; title: string; type: 'string' }[];
}

/** The user-context fields a prompt's `{{variables}}` need. */
function withFields(agent: DraftAgent): DraftAgent {
  const names: string[] = [];
  for (const m of agent.prompt.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)) if (!names.includes(m[1] as string)) names.push(m[1] as string);
  return names.length === 0 ? agent : { ...agent, userContextFields: names.map((v) => ({ id: v, title: v, type: 'string' })) };
}

/** The column of a header row named one of `names` (case-insensitive), or -1. */
const column = (header: readonly string[], names: readonly string[]): number => header.findIndex((h) => names.includes(h.trim().toLowerCase()));

/**
 * Reads a file into draft agents (column mode for a CSV of agents, else task mode over its checklist lines) and keeps
 * the file as a completed knowledge source.
 * @example extractAgents(ctx, ns, { bytes, mimeType: 'text/markdown', fileName: 'qa.md' }).summary
 */
export function extractAgents(
  ctx: ModelContext,
  ns: Namespace,
  input: { bytes: Uint8Array; mimeType: string; fileName?: string | undefined },
): Record<string, unknown> {
  const kind = EXTRACT_TYPES[input.mimeType];
  if (kind === undefined) throw new ServiceError('INVALID_ARGUMENT', `Unsupported MIME type: ${input.mimeType}`);
  // PDF and XLSX are read through the conversion registered for the file (4.3.0 C); without one nothing is readable.
  const opaque = kind === 'PDF' || kind === 'XLSX';
  const text = opaque ? registeredConversion(readKnowledge(ns), sha256Hex(input.bytes), input.fileName) : new TextDecoder().decode(input.bytes);
  if (text === undefined) throw NO_CONTENT();
  if (text.trim() === '') throw NO_CONTENT();
  const from = input.fileName ?? 'the uploaded file';
  const agents: DraftAgent[] = [];
  const skipped: { originalText: string; reason: string }[] = [];
  let tasks: { text: string; heading: string | null }[] = [];
  let markdown: string;
  if (kind === 'CSV') {
    const rows = parseCsv(text);
    markdown = csvMarkdown(rows, input.fileName ?? 'upload.csv');
    const [header = [], ...body] = rows;
    const nameAt = column(header, ['agent name', 'name']);
    const promptAt = column(header, ['instructions', 'prompt']);
    const descriptionAt = column(header, ['description']);
    if (nameAt !== -1 && promptAt !== -1) {
      for (const row of body) {
        const prompt = row[promptAt] ?? '';
        agents.push(
          withFields({
            name: row[nameAt] ?? '',
            description: (descriptionAt !== -1 ? row[descriptionAt] : undefined) || `Checks: ${prompt.slice(0, 80)}`,
            prompt,
            sourceTasks: [prompt],
          }),
        );
      }
    } else {
      tasks = body.map((row) => ({ text: row.map((c) => c.trim()).join(' — '), heading: null }));
    }
  } else {
    markdown = canonicalText(text);
    let heading: string | null = null;
    for (const line of markdown.split('\n')) {
      const h = /^\s*#+\s*(.*)$/.exec(line);
      if (h) heading = (h[1] ?? '').trim();
      else if (/^\s*(?:[-*+]|\d+[.)]|\[[ xX]\])\s+/.test(line))
        tasks.push({ text: line.replace(/^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|\[[ xX]\]\s+)/, '').trim(), heading });
    }
  }
  const groups = new Map<string | null, string[]>();
  for (const task of tasks) {
    if (!isRuleLine(`- ${task.text}`)) {
      skipped.push({ originalText: task.text, reason: 'Not phrased as a checkable rule.' });
      continue;
    }
    const list = groups.get(task.heading) ?? [];
    list.push(task.text);
    groups.set(task.heading, list);
  }
  for (const [heading, kept] of groups) {
    agents.push(
      withFields({
        name: `${heading ?? 'Checklist'} Check`,
        description: `Checks ${kept.length} requirement${kept.length === 1 ? '' : 's'} from ${from}`,
        prompt: `Check the page against these requirements:\n${kept.map((t) => `- ${t}`).join('\n')}`,
        sourceTasks: kept,
      }),
    );
  }
  const source = addKnowledgeSource(ctx, ns, { fileName: input.fileName, mimeType: input.mimeType, bytes: input.bytes, markdown });
  const keptCount = [...groups.values()].reduce((n, list) => n + list.length, 0);
  const total = kind === 'CSV' && agents.length > 0 && tasks.length === 0 ? agents.length : keptCount + skipped.length;
  return {
    agents: agents.slice(0, 50),
    summary: `Extracted ${agents.length} agent${agents.length === 1 ? '' : 's'} from ${kind} file`,
    skipped,
    totalTasksParsed: total,
    memory: { sourceId: source.id },
  };
}
