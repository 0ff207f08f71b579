/**
 * The knowledge base as the operations reach it: one module, loaded on the first knowledge call, so pages that never
 * use knowledge never load its conversion, rules and search.
 */

export { sniffMatches } from './convert.js';
export { ingestFile } from './ingest.js';
export { ingestUpload, mintUploadSlot } from './ingest-upload.js';
export { admitCall } from './limits.js';
export { searchKnowledge } from './search.js';
export { deleteSource, downloadMarkdown, ingestStatus, listSources, sourceRules, updateSource } from './sources.js';
