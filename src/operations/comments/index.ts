/** The comment area's operations: threads (`commentannotations/*`) and the comments inside them. */

export * as comments from './comments.js';
export { add, count, get, getV1, remove, update } from './threads.js';
