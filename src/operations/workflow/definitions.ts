import { createDefinition, deleteDefinition, getDefinition, listDefinitions, updateDefinition } from '../../model/workflow/definitions.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { draftOf, WORKFLOW } from './common.js';
import { definitionPage, definitionView, deleted } from './results.js';
import { createDefinitionInput, deleteDefinitionInput, getDefinitionInput, listDefinitionsInput, updateDefinitionInput } from './schemas.js';

/** `POST /v2/workflow/definitions/create` (beyond-spec-4 4.2.1). */
export const create = defineOperation({
  ...WORKFLOW,
  summary: 'Create a workflow definition',
  schema: createDefinitionInput,
  result: definitionView,
  run: ({ data, raw, caller, model }) => ({ data: createDefinition(model, namespaceOf(caller), draftOf(data, raw)) }),
});

/** `POST /v2/workflow/definitions/get` (4.2.2). */
export const get = defineOperation({
  ...WORKFLOW,
  summary: 'Get a workflow definition',
  schema: getDefinitionInput,
  result: definitionView,
  run: ({ data, caller }) => ({ data: getDefinition(namespaceOf(caller), data.definitionId) }),
});

/** `POST /v2/workflow/definitions/list` (4.2.3). */
export const list = defineOperation({
  ...WORKFLOW,
  summary: 'List workflow definitions',
  schema: listDefinitionsInput,
  result: definitionPage,
  run: ({ data, caller }) => ({ data: listDefinitions(namespaceOf(caller), data) }),
});

/** `POST /v2/workflow/definitions/update` (4.2.4). */
export const update = defineOperation({
  ...WORKFLOW,
  summary: 'Replace a workflow definition',
  schema: updateDefinitionInput,
  result: definitionView,
  run: ({ data, raw, caller, model }) => {
    const { ifVersion, ...body } = data;
    return { data: updateDefinition(model, namespaceOf(caller), draftOf(body, raw), ifVersion) };
  },
});

/** `POST /v2/workflow/definitions/delete` (4.2.5). */
export const remove = defineOperation({
  ...WORKFLOW,
  summary: 'Delete a workflow definition',
  schema: deleteDefinitionInput,
  result: deleted,
  run: ({ data, caller, model }) => ({ data: deleteDefinition(model, namespaceOf(caller), data.definitionId, data.purge ?? false) }),
});
