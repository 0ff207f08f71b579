import type { CustomScenario } from './types.js';

/** `empty`: the workspace and testing API key every service starts with, and nothing else. */
export const emptyScenario: CustomScenario = () => {};
