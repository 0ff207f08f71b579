import type * as Y from 'yjs';
import type { CrdtType } from '../state/entities.js';
import { yjs } from '../state/yjs.js';
import { parseXmlFragment, serialiseXml, toYXml, type XmlNode } from './xml.js';

/** The four shared types, in the order messages list them. */
export const CRDT_TYPES: readonly CrdtType[] = ['text', 'map', 'array', 'xml'];

/** Content checked against its type and ready to write: XML already parsed. */
export type CrdtContent =
  | { type: 'text'; value: string }
  | { type: 'map'; value: Record<string, unknown> }
  | { type: 'array'; value: unknown[] }
  | { type: 'xml'; value: XmlNode[] };

/** Any shared type of a document, as `doc.share` holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
// biome-ignore lint/suspicious/noExplicitAny: Yjs types its shared types' events this way; every event type must fit.
export type SharedType = Y.AbstractType<Y.YEvent<any>>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks request `data` against `type` (service-facts 3.37) and parses XML; a failure is the verbatim message,
 * and for XML it says where the string broke.
 * @example toContent('text', 'Hello') // { content: { type: 'text', value: 'Hello' } }
 */
export function toContent(type: CrdtType, data: unknown): { content: CrdtContent } | { error: string } {
  switch (type) {
    case 'text':
      return typeof data === 'string' ? { content: { type, value: data } } : { error: 'Data must be a string for type text.' };
    case 'map':
      return isPlainObject(data) ? { content: { type, value: data } } : { error: 'Data must be an object for type map.' };
    case 'array':
      return Array.isArray(data) ? { content: { type, value: data } } : { error: 'Data must be an array for type array.' };
    case 'xml': {
      if (typeof data !== 'string') return { error: 'Data must be a string for type xml.' };
      const parsed = parseXmlFragment(data);
      if ('problem' in parsed) {
        const { line, column, reason } = parsed.problem;
        return { error: `Data must be valid XML for type xml. Line ${line}, column ${column}: ${reason.replace(/\.?$/, '.')}` };
      }
      return { content: { type, value: parsed.nodes } };
    }
  }
}

/** The Yjs class behind a type. */
function constructorOf(type: CrdtType): typeof Y.AbstractType {
  const Y = yjs();
  const classes = { text: Y.Text, map: Y.Map, array: Y.Array, xml: Y.XmlFragment } as const;
  return classes[type] as unknown as typeof Y.AbstractType;
}

/**
 * The type a root shared type holds: from its class when something bound it, else from its content
 * (a key a sync client created is a bare type on this side until bound). Undefined when empty and unbound.
 * @example sharedTypeOf(doc.share.get('content'))
 */
export function sharedTypeOf(type: SharedType | undefined): CrdtType | undefined {
  if (!type) return undefined;
  const Y = yjs();
  if (type instanceof Y.XmlFragment) return 'xml';
  if (type instanceof Y.Text) return 'text';
  if (type instanceof Y.Map) return 'map';
  if (type instanceof Y.Array) return 'array';
  if (type._map.size > 0) return 'map';
  for (let item = type._start; item !== null; item = item.right) {
    const content = item.content;
    if (content instanceof Y.ContentString || content instanceof Y.ContentFormat || content instanceof Y.ContentEmbed) return 'text';
    if (content instanceof Y.ContentType) {
      const inner = content.type;
      return inner instanceof Y.XmlElement || inner instanceof Y.XmlText || inner instanceof Y.XmlHook ? 'xml' : 'array';
    }
    if (content instanceof Y.ContentAny || content instanceof Y.ContentJSON || content instanceof Y.ContentBinary) return 'array';
  }
  return undefined;
}

/** The root shared type under `key`, bound to the class of `type`. @example rootOf(doc, 'content', 'text') */
function rootOf(doc: Y.Doc, key: string, type: CrdtType): SharedType {
  return doc.get(key, constructorOf(type)) as SharedType;
}

/**
 * Replaces what `key` holds with delete-then-insert operations (service-facts 4.4); the caller wraps this in
 * one transaction. Nested objects become `Y.Map`s and nested arrays `Y.Array`s.
 * @example doc.transact(() => replaceContent(doc, 'content', content));
 */
export function replaceContent(doc: Y.Doc, key: string, content: CrdtContent): void {
  switch (content.type) {
    case 'text': {
      const text = doc.getText(key);
      if (text.length > 0) text.delete(0, text.length);
      if (content.value !== '') text.insert(0, content.value);
      return;
    }
    case 'map': {
      const map = doc.getMap<unknown>(key);
      for (const existing of [...map.keys()]) map.delete(existing);
      for (const [name, value] of Object.entries(content.value)) map.set(name, toShared(value));
      return;
    }
    case 'array': {
      const array = doc.getArray<unknown>(key);
      if (array.length > 0) array.delete(0, array.length);
      if (content.value.length > 0) array.push(content.value.map(toShared));
      return;
    }
    case 'xml': {
      const fragment = doc.getXmlFragment(key);
      if (fragment.length > 0) fragment.delete(0, fragment.length);
      if (content.value.length > 0) fragment.insert(0, toYXml(content.value));
      return;
    }
  }
}

/** A JSON value as Yjs content: objects become `Y.Map`s, arrays `Y.Array`s, anything else stays as is. */
function toShared(value: unknown): unknown {
  const Y = yjs();
  if (Array.isArray(value)) {
    const array = new Y.Array<unknown>();
    array.push(value.map(toShared));
    return array;
  }
  if (isPlainObject(value)) {
    const map = new Y.Map<unknown>();
    for (const [name, inner] of Object.entries(value)) map.set(name, toShared(inner));
    return map;
  }
  return value;
}

/**
 * The JSON view of `key` as the get operation returns it: a string for text and xml, an object for map, an
 * array for array; null when the key holds nothing.
 * @example viewOf(doc, 'content', 'text') // 'Hello'
 */
export function viewOf(doc: Y.Doc, key: string, type: CrdtType | undefined): unknown {
  if (type === undefined || !doc.share.has(key)) return null;
  if (type === 'xml') return serialiseXml(doc.getXmlFragment(key));
  return rootOf(doc, key, type).toJSON();
}
