import type * as Y from 'yjs';
import { xmlParser, yjs } from '../state/yjs.js';

/** An element of a parsed XML fragment; a string child is a text node. */
export interface XmlElementNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

/** A node of a parsed XML fragment. */
export type XmlNode = XmlElementNode | string;

/** Why an XML string could not be parsed, with the place it broke. */
export interface XmlProblem {
  line: number;
  column: number;
  reason: string;
}

/** Elements nested in a shared-editor XML value at most, as deep as JSON bodies may nest. */
export const MAX_XML_DEPTH = 64;

/**
 * Parses an XML fragment (several roots and top-level text allowed) with a strict parser. Text that is only
 * white space and holds a line break is layout between elements and is dropped. Parsing stops at the first element
 * nested deeper than `MAX_XML_DEPTH`, so no later walk (or Yjs) meets a deeper tree.
 * @example parseXmlFragment('<paragraph>Hi</paragraph>') // { nodes: [{ name: 'paragraph', attributes: {}, children: ['Hi'] }] }
 */
export function parseXmlFragment(xml: string): { nodes: XmlNode[] } | { problem: XmlProblem } {
  const root: XmlElementNode = { name: '', attributes: {}, children: [] };
  const stack: XmlElementNode[] = [root];
  const top = (): XmlElementNode => stack[stack.length - 1] ?? root;
  const addText = (text: string): void => {
    const children = top().children;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };
  const SaxesParser = xmlParser();
  const parser = new SaxesParser({ fragment: true, position: true });
  parser.on('opentag', (tag) => {
    if (stack.length > MAX_XML_DEPTH) throw new Error(`${parser.line}:${parser.column}: elements nest deeper than ${MAX_XML_DEPTH} levels.`);
    const element: XmlElementNode = { name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) }, children: [] };
    top().children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(xml).close();
  } catch (error) {
    return { problem: describe(error) };
  }
  return { nodes: dropLayout(root.children) };
}

function describe(error: unknown): XmlProblem {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d+):(\d+): (.*)$/s.exec(text);
  if (!match) return { line: 1, column: 1, reason: text };
  return { line: Number(match[1]), column: Number(match[2]), reason: match[3] ?? text };
}

/** The nodes without layout text, at every depth; walks with a stack of its own, not the call stack. */
function dropLayout(nodes: XmlNode[]): XmlNode[] {
  const keep = (list: XmlNode[]): XmlNode[] => list.filter((node) => typeof node !== 'string' || (node !== '' && !(node.trim() === '' && /[\r\n]/.test(node))));
  const out = keep(nodes);
  const pending = out.filter((node): node is XmlElementNode => typeof node !== 'string');
  for (let element = pending.pop(); element; element = pending.pop()) {
    element.children = keep(element.children);
    for (const child of element.children) if (typeof child !== 'string') pending.push(child);
  }
  return out;
}

/** Counts the elements and text nodes of a parsed fragment. @example countXmlNodes(['a']) === 1 */
export function countXmlNodes(nodes: readonly XmlNode[]): number {
  let n = 0;
  const pending: (readonly XmlNode[])[] = [nodes];
  for (let list = pending.pop(); list; list = pending.pop()) {
    n += list.length;
    for (const node of list) if (typeof node !== 'string') pending.push(node.children);
  }
  return n;
}

/**
 * Builds the Yjs nodes of a parsed fragment: `Y.XmlElement`s with attributes and `Y.XmlText`, which is what
 * ProseMirror bindings read.
 * @example fragment.insert(0, toYXml(nodes));
 */
export function toYXml(nodes: readonly XmlNode[]): Array<Y.XmlElement | Y.XmlText> {
  const Y = yjs();
  return nodes.map((node) => {
    if (typeof node === 'string') return new Y.XmlText(node);
    const element = new Y.XmlElement(node.name);
    for (const [name, value] of Object.entries(node.attributes)) element.setAttribute(name, value);
    // Children go in after the attributes; Yjs keeps them as prelim content until the element is integrated.
    element.insert(0, toYXml(node.children));
    return element;
  });
}

/**
 * Serialises a fragment back to an XML string with text and attribute values escaped, so a snapshot can
 * be sent to the update operation unchanged. Formatted text renders its marks as elements, as Yjs does.
 * @example serialiseXml(doc.getXmlFragment('default')) // '<paragraph>Hi</paragraph>'
 */
export function serialiseXml(fragment: Y.XmlFragment | Y.XmlElement): string {
  const Y = yjs();
  let out = '';
  // A document a live client wrote may nest without limit: the walk keeps its own stack (text still to write, or a
  // node still to open), newest last.
  const pending: (string | Y.XmlElement | Y.XmlText | Y.XmlFragment | Y.XmlHook)[] = [];
  const open = (node: Y.XmlFragment): void => {
    const children = node.toArray();
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i] as Y.XmlElement | Y.XmlText | Y.XmlHook);
  };
  open(fragment);
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item === 'string') out += item;
    else if (item instanceof Y.XmlElement) {
      out += `<${item.nodeName}${attributesOf(item.getAttributes())}>`;
      pending.push(`</${item.nodeName}>`);
      open(item);
    } else if (item instanceof Y.XmlText) out += serialiseText(item);
    else if (item instanceof Y.XmlFragment) open(item);
  }
  return out;
}

function serialiseText(text: Y.XmlText): string {
  let out = '';
  for (const op of text.toDelta() as Array<{ insert: unknown; attributes?: Record<string, unknown> }>) {
    const body = typeof op.insert === 'string' ? escapeText(op.insert) : '';
    const marks = Object.keys(op.attributes ?? {}).sort();
    let open = '';
    let close = '';
    for (const mark of marks) {
      const value = op.attributes?.[mark];
      const attrs = value !== null && typeof value === 'object' ? attributesOf(value as Record<string, unknown>) : '';
      open += `<${mark}${attrs}>`;
      close = `</${mark}>${close}`;
    }
    out += open + body + close;
  }
  return out;
}

function attributesOf(attributes: Record<string, unknown>): string {
  let out = '';
  for (const name of Object.keys(attributes).sort()) {
    const value = attributes[name];
    if (value === undefined || value === null) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    out += ` ${name}="${escapeAttribute(text)}"`;
  }
  return out;
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replace(/"/g, '&quot;');
