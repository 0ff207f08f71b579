/**
 * The served surface, in one module the service loads on its first call: the route table with every
 * operation's zod schema, the control plane, the coverage table and the OpenAPI document.
 * Building those schemas is most of what the package would otherwise cost at import.
 */

export { controlRoutes } from './control/routes.js';
export { runControl } from './control/runner.js';
export { coverage } from './coverage.js';
export { openapiText } from './openapi.js';
export { routes } from './routes.js';
