/**
 * Shared-editor figures: one `/v2/crdt/update` through `service.dispatch` on a 100 KB text and on a
 * 1,000-node XML document (each run replaces the whole content, alternating two versions).
 */
import { countXmlNodes, parseXmlFragment } from '../../src/model/crdt/xml.js';
import { createMockService, type MockService } from '../../src/service.js';
import { timeIt } from './core.js';

const at = { organizationId: 'bench-org', documentId: 'bench-doc' };

function post(service: MockService, path: string, data: unknown): () => Promise<void> {
  const call = {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  };
  return async () => {
    const reply = await service.dispatch(call);
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}: ${reply.body}`);
  };
}

/** 500 paragraphs of text: 1,000 nodes. */
function xmlDocument(variant: string): string {
  let out = '';
  for (let i = 0; i < 500; i++) out += `<paragraph id="p${i}">Paragraph ${i} ${variant}</paragraph>`;
  return out;
}

/** Median milliseconds of one CRDT update per content shape. @example await benchCrdt() */
export async function benchCrdt(runs = 30): Promise<Record<string, number>> {
  const service = createMockService();
  const figures: Record<string, number> = {};

  const texts = ['a', 'b'].map((c) => `${c}${'lorem ipsum '.repeat(8534)}`.slice(0, 102_400));
  await post(service, '/v2/crdt/add', { ...at, editorId: 'text', type: 'text', data: texts[0] })();
  const textUpdates = texts.map((data) => post(service, '/v2/crdt/update', { ...at, editorId: 'text', type: 'text', data }));
  let flip = 0;
  figures['crdt update, 100 KB text (ms)'] = await timeIt(() => textUpdates[flip++ % 2]!(), runs);

  const xml = ['one', 'two'].map(xmlDocument);
  const parsed = parseXmlFragment(xml[0]!);
  if (!('nodes' in parsed) || countXmlNodes(parsed.nodes) !== 1000) throw new Error('The XML document must have 1,000 nodes.');
  await post(service, '/v2/crdt/add', { ...at, editorId: 'xml', type: 'xml', contentKey: 'default', data: xml[0] })();
  const xmlUpdates = xml.map((data) => post(service, '/v2/crdt/update', { ...at, editorId: 'xml', type: 'xml', contentKey: 'default', data }));
  figures['crdt update, 1,000-node XML (ms)'] = await timeIt(() => xmlUpdates[flip++ % 2]!(), runs);
  figures['crdt get, 1,000-node XML (ms)'] = await timeIt(post(service, '/v2/crdt/get', { ...at, editorId: 'xml' }), runs);
  return figures;
}
