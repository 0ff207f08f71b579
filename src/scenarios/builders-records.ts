import type { JudgmentRecord, UserRecord } from '../model/state/entities.js';
import type { SeededFaker } from './faker.js';

/** A person as records embed them: `userId`, `name`, `email`. */
export interface BuiltPerson {
  userId: string;
  name?: string | undefined;
  email?: string | undefined;
  [field: string]: unknown;
}

/** An add-notification request body without its containers (service-facts 3.31); add `organizationId` and `documentId`. */
export interface BuiltNotification {
  actionUser: BuiltPerson;
  notifyUsers: BuiltPerson[];
  notificationSource: string;
  displayHeadlineMessageTemplate: string;
  displayHeadlineMessageTemplateData: Record<string, unknown>;
  displayBodyMessage: string;
  [field: string]: unknown;
}

/** An activity record (service-facts 6.2) without its id; the service draws one when stored. */
export interface BuiltActivity {
  featureType: 'comment' | 'reaction' | 'recorder' | 'crdt' | 'custom';
  actionType: string;
  actionUser: BuiltPerson;
  timestamp: number;
  displayMessageTemplate: string;
  displayMessageTemplateData: Record<string, unknown>;
  immutable: boolean;
  [field: string]: unknown;
}

/** A comment of a comment annotation (service-facts 6.4). */
export interface BuiltComment {
  from: BuiltPerson;
  commentText: string;
  createdAt: number;
  [field: string]: unknown;
}

/** A comment annotation (service-facts 6.3) with its comments; add `organizationId` and `documentId`. */
export interface BuiltCommentAnnotation {
  from: BuiltPerson;
  createdAt: number;
  comments: BuiltComment[];
  [field: string]: unknown;
}

/** A reaction annotation (service-facts 6.5); add `organizationId` and `documentId`. */
export interface BuiltReaction {
  from: BuiltPerson;
  icon: string;
  iconEmoji: string;
  [field: string]: unknown;
}

/** A recorder annotation (service-facts 6.6); add `organizationId` and `documentId`. */
export interface BuiltRecording {
  from: BuiltPerson;
  recordingType: 'audio' | 'video' | 'screen';
  mode: 'floating' | 'thread';
  displayName: string;
  recordedTime: { duration: number; display: string };
  [field: string]: unknown;
}

/** A judgment (service-facts 3.42, emulator input form: client ids, plus the judged `content`). */
export type BuiltJudgment = Omit<JudgmentRecord, 'recordId'> & { recordId?: string };

/** The four shared-editor data types (service-facts 4.3). */
export type EditorType = 'text' | 'map' | 'array' | 'xml';

/** A shared-editor entry as the add-editor-data operation takes it (service-facts 3.38), containers aside. */
export interface BuiltEditor {
  editorId: string;
  type: EditorType;
  contentKey: string;
  data: unknown;
}

/** Builders of the records that hang off documents: notifications, activities, annotations, judgments, editors. */
export interface RecordBuilders {
  notification(overrides?: Partial<BuiltNotification>): BuiltNotification;
  activity(overrides?: Partial<BuiltActivity>): BuiltActivity;
  comment(overrides?: Partial<BuiltComment>): BuiltComment;
  commentAnnotation(overrides?: Partial<BuiltCommentAnnotation>): BuiltCommentAnnotation;
  reaction(overrides?: Partial<BuiltReaction>): BuiltReaction;
  recording(overrides?: Partial<BuiltRecording>): BuiltRecording;
  judgment(overrides?: Partial<BuiltJudgment>): BuiltJudgment;
  /** An editor entry; `type` picks the data shape (rich text as XML, a flow graph as a map, a list, plain text). */
  editor(overrides?: Partial<BuiltEditor>): BuiltEditor;
}

const EDITOR_TYPES: readonly EditorType[] = ['text', 'map', 'array', 'xml'];
const CONTENT_KEYS: Readonly<Record<EditorType, string>> = { text: 'content', map: 'content', array: 'content', xml: 'default' };
const REACTIONS = [
  ['HEART_FACE', '🥰'],
  ['RAISED_HANDS', '🙌'],
  ['THUMBS_UP', '👍'],
  ['FIRE', '🔥'],
] as const;
const DECISIONS = ['approved', 'rejected', 'comment', 'resolve', 'agree', 'disagree', 'endorse'] as const;
const CONTENT_TYPES = ['marketing-copy', 'legal-review', 'release-notes', 'support-reply'] as const;

/** Applies overrides on top of generated values, leaving an override of `undefined` out. */
export function withOverrides<T extends object>(generated: T, overrides: Partial<T> | undefined): T {
  if (!overrides) return generated;
  const out: Record<string, unknown> = { ...(generated as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) out[key] = value;
  return out as T;
}

const person = (user: UserRecord): BuiltPerson => ({ userId: user.userId, name: user.name, email: user.email });

/**
 * The record builders over one seeded faker. Each builder draws the same values whatever is overridden.
 * @example createRecordBuilders(faker, id, user).notification({ notifyUsers: [] });
 */
export function createRecordBuilders(faker: SeededFaker, id: (prefix: string) => string, user: () => UserRecord): RecordBuilders {
  const recent = (days: number): number => faker.date.recent({ days }).getTime();
  const comment = (overrides?: Partial<BuiltComment>): BuiltComment =>
    withOverrides({ from: person(user()), commentText: faker.lorem.sentence(), createdAt: recent(30) }, overrides);
  return {
    notification(overrides) {
      // The headline data names whoever ends up as actor and first recipient, overridden or drawn.
      const drawnActor = person(user());
      const actor = overrides?.actionUser ?? drawnActor;
      const drawnRecipient = person(user());
      const recipient = overrides?.notifyUsers?.[0] ?? drawnRecipient;
      const documentName = faker.commerce.productName();
      return withOverrides(
        {
          actionUser: actor,
          notifyUsers: [recipient],
          notificationSource: 'custom',
          displayHeadlineMessageTemplate: '{actionUser} mentioned {recipientUser} in {documentName}',
          displayHeadlineMessageTemplateData: { actionUser: actor, recipientUser: recipient, documentName },
          displayBodyMessage: faker.lorem.sentence(),
        },
        overrides,
      );
    },
    activity(overrides) {
      const actor = person(user());
      const status = faker.helpers.arrayElement(['Open', 'In progress', 'Resolved']);
      return withOverrides<BuiltActivity>(
        {
          featureType: 'comment',
          actionType: 'comment_annotation.status_change',
          actionUser: actor,
          timestamp: recent(30),
          changes: { status: { from: 'Open', to: status } },
          displayMessageTemplate: '{{actionUser.name}} changed the status to {{status}}',
          displayMessageTemplateData: { actionUser: actor, status },
          immutable: false,
        },
        overrides,
      );
    },
    comment,
    commentAnnotation(overrides) {
      const author = person(user());
      const replies = [comment({ from: author }), comment(), comment()].slice(0, 1 + faker.number.int(2));
      return withOverrides({ from: author, createdAt: recent(30), comments: replies }, overrides);
    },
    reaction(overrides) {
      const [icon, iconEmoji] = faker.helpers.arrayElement(REACTIONS);
      return withOverrides({ from: person(user()), icon, iconEmoji, lastUpdated: recent(30) }, overrides);
    },
    recording(overrides) {
      const seconds = faker.number.float({ min: 3, max: 300, fractionDigits: 2 });
      const whole = Math.floor(seconds);
      const display = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60].map((n) => String(n).padStart(2, '0')).join(':');
      const recordingType = faker.helpers.arrayElement(['audio', 'video', 'screen'] as const);
      return withOverrides<BuiltRecording>(
        {
          from: person(user()),
          recordingType,
          mode: 'floating',
          displayName: `${recordingType === 'screen' ? 'Screen' : recordingType === 'audio' ? 'Audio' : 'Video'} Recording ${recent(30)}`,
          recordedTime: { duration: seconds * 1000, display },
        },
        overrides,
      );
    },
    judgment(overrides) {
      const reviewer = person(user());
      return withOverrides<BuiltJudgment>(
        {
          content: faker.lorem.paragraph(),
          reasoning: faker.lorem.sentence(),
          decision: faker.helpers.arrayElement(DECISIONS),
          confidence: faker.number.float({ min: 0.4, max: 1, fractionDigits: 2 }),
          judgeType: 'human',
          contentType: faker.helpers.arrayElement(CONTENT_TYPES),
          actionUser: { userId: reviewer.userId, ...(reviewer.name ? { name: reviewer.name } : {}), ...(reviewer.email ? { email: reviewer.email } : {}) },
          createdAt: faker.date.past({ years: 1 }).getTime(),
          agent: null,
        },
        overrides,
      );
    },
    editor(overrides) {
      const drawn = faker.helpers.arrayElement(EDITOR_TYPES);
      const editorId = id('editor');
      const lines = faker.lorem.sentences(3).split(/(?<=\.) /);
      const type = overrides?.type ?? drawn;
      return withOverrides({ editorId, type, contentKey: CONTENT_KEYS[type], data: editorData(type, lines) }, overrides);
    },
  };
}

/** The same drawn lines shaped for each data type, so overriding `type` never shifts the sequence. */
function editorData(type: EditorType, lines: string[]): unknown {
  switch (type) {
    case 'text':
      return lines.join(' ');
    case 'array':
      return lines.map((text, i) => ({ id: String(i + 1), text }));
    case 'map':
      return {
        nodes: Object.fromEntries(lines.map((label, i) => [`n${i + 1}`, { id: `n${i + 1}`, label, position: { x: i * 200, y: 0 } }])),
        edges: Object.fromEntries(lines.slice(1).map((_, i) => [`e${i + 1}`, { id: `e${i + 1}`, source: `n${i + 1}`, target: `n${i + 2}` }])),
      };
    case 'xml': {
      const [title = '', ...rest] = lines;
      return `<heading level="2">${escapeXml(title)}</heading>${rest.map((line) => `<paragraph>${escapeXml(line)}</paragraph>`).join('')}`;
    }
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
