import { stateGeneration } from './beside-indexes.js';

/**
 * Text written from a record of the state (a reply item's JSON), kept beside the record until any state of the
 * process changes (`stateGeneration`), so a page polling the same reads has each record written once, not on every
 * poll. A text longer than `maxLength` is written on every call instead: a kept text outlives the state it was written
 * from until the record is read again or goes, so what is kept stays a small multiple of the state.
 * @example const itemText = keptText((thread: ThreadRecord) => JSON.stringify(threadReply(thread)), 16 * 1024);
 */
export function keptText<R extends object, C = void>(write: (record: R, context: C) => string, maxLength: number): (record: R, context: C) => string {
  const kept = new WeakMap<R, { generation: number; text: string }>();
  return (record, context) => {
    const generation = stateGeneration();
    const found = kept.get(record);
    if (found !== undefined && found.generation === generation) return found.text;
    const text = write(record, context);
    if (text.length <= maxLength) kept.set(record, { generation, text });
    else if (found !== undefined) kept.delete(record);
    return text;
  };
}
