/** The comment area's operations: threads (`commentannotations/*`) and the comments inside them. */
export { add, count, get, getV1, remove, update } from './annotations.js';
export * as replies from './replies.js';
