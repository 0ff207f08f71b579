/** The builder types, re-exported for the public entry (types only: nothing here loads faker). */
export type { Builders, BuiltDocument, BuiltFolder, BuiltGroup, BuiltUser } from './builders.js';
export type {
  BuiltActivity,
  BuiltComment,
  BuiltCommentAnnotation,
  BuiltEditor,
  BuiltJudgment,
  BuiltNotification,
  BuiltPerson,
  BuiltReaction,
  BuiltRecording,
  EditorType,
} from './builders-records.js';
export type { SeededFaker } from './faker.js';
