/** The stored shapes of the rewriter: scripted outputs and its options (beyond-spec-4 4.4). */

/** A scripted rewriter output: the first whose conditions all hold answers `{ success: true, text }`. */
export interface RewriterScript {
  model?: string;
  prompt?: string;
  textContains?: string;
  text: string;
}

/** Rewriter state of one API key; absent on a namespace until its first write. */
export interface RewriterState {
  responses: RewriterScript[];
  /** Use a built-in key when the workspace stored none for the provider (the overview's behaviour). */
  builtInKeys: boolean;
}
