import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { draftOf, engineFor, WORKFLOW } from './common.js';
import { definitionPage, definitionView, deleted } from './results.js';
import { createDefinitionInput, deleteDefinitionInput, getDefinitionInput, listDefinitionsInput, updateDefinitionInput } from './schemas.js';

/** `POST /v2/workflow/definitions/create` (beyond-spec-4 4.2.1). */
export const create = defineOperation({
  ...WORKFLOW,
  summary: 'Create a workflow definition',
  schema: createDefinitionInput,
  result: definitionView,
  run: async ({ data, raw, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).createDefinition(model, ns, draftOf(data, raw)) };
  },
});

/** `POST /v2/workflow/definitions/get` (4.2.2). */
export const get = defineOperation({
  ...WORKFLOW,
  summary: 'Get a workflow definition',
  schema: getDefinitionInput,
  result: definitionView,
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).getDefinition(ns, data.definitionId) };
  },
});

/** `POST /v2/workflow/definitions/list` (4.2.3). */
export const list = defineOperation({
  ...WORKFLOW,
  summary: 'List workflow definitions',
  schema: listDefinitionsInput,
  result: definitionPage,
  run: async ({ data, caller }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).listDefinitions(ns, data) };
  },
});

/** `POST /v2/workflow/definitions/update` (4.2.4). */
export const update = defineOperation({
  ...WORKFLOW,
  summary: 'Replace a workflow definition',
  schema: updateDefinitionInput,
  result: definitionView,
  run: async ({ data, raw, caller, model }) => {
    const { ifVersion, ...body } = data;
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).updateDefinition(model, ns, draftOf(body, raw), ifVersion) };
  },
});

/** `POST /v2/workflow/definitions/delete` (4.2.5). */
export const remove = defineOperation({
  ...WORKFLOW,
  summary: 'Delete a workflow definition',
  schema: deleteDefinitionInput,
  result: deleted,
  run: async ({ data, caller, model }) => {
    const ns = namespaceOf(caller);
    return { data: (await engineFor(ns)).deleteDefinition(model, ns, data.definitionId, data.purge ?? false) };
  },
});
