/** The Porter2 stemmer package ships no types: one function from a lowercase word to its stem. */
declare module 'wink-porter2-stemmer' {
  /** The Porter2 stem of a lowercase English word. */
  const stem: (word: string) => string;
  export = stem;
}
