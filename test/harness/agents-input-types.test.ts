import { expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { AgentPageInput, AgentsConfigInput, AgentUsageInput, PromptScriptInput, ScriptedFindingsInput } from '../../src/harness/agents.js';
import type { agentsConfigInput, findingsEntryInput, pageInput, scriptsInput, usageInput } from '../../src/harness/agents-inputs.js';

/** What the schema of a `service.agents` call takes, without the key it may name. */
type Body<S extends z.ZodType> = Omit<z.input<S>, 'apiKey'>;

// `tsc --noEmit` in `npm test` checks these: a field added to a schema but not to the typed input (or the other way
// round) fails the type check, so `service.agents` never accepts what `/__mock/agents/*` refuses, nor hides what it takes.
it('types every service.agents input as the schema of its control route takes it', () => {
  expectTypeOf<AgentsConfigInput>().toEqualTypeOf<Body<typeof agentsConfigInput>>();
  expectTypeOf<AgentPageInput>().toEqualTypeOf<Body<typeof pageInput>>();
  expectTypeOf<ScriptedFindingsInput>().toEqualTypeOf<Body<typeof findingsEntryInput>>();
  expectTypeOf<AgentUsageInput>().toEqualTypeOf<z.input<typeof usageInput>['records'][number]>();
  expectTypeOf<PromptScriptInput>().toEqualTypeOf<z.input<typeof scriptsInput>['scripts'][number]>();
});
