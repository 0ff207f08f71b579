import { readPath } from './predicates.js';

/** The roots a notification template reads: `input.*`, `execution.*`, `step.*`. */
export interface TemplateScope {
  input: unknown;
  execution: Record<string, unknown>;
  step: Record<string, unknown>;
}

/**
 * Renders `{{dot.path}}` placeholders (beyond-spec-4 4.2.0 F): a missing value renders as an empty string, objects
 * and arrays as JSON, everything else as text. One pass over the template; nothing it inserts is rendered again.
 * @example renderTemplate('Run {{execution.executionId}}', scope)
 */
export function renderTemplate(template: string, scope: TemplateScope): string {
  return template.replace(/\{\{\s*([A-Za-z0-9_.$-]+)\s*\}\}/g, (_, path: string) => {
    const dot = path.indexOf('.');
    const root = dot === -1 ? path : path.slice(0, dot);
    if (root !== 'input' && root !== 'execution' && root !== 'step') return '';
    const value = readPath(scope[root], dot === -1 ? '' : path.slice(dot + 1));
    if (value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}
