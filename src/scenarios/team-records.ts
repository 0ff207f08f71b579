import { addActivities } from '../model/activities/activities.js';
import { addCommentAnnotation, addReaction, addRecording } from '../model/annotations.js';
import { toContent } from '../model/crdt/kinds.js';
import { writeEditor } from '../model/crdt/registry.js';
import { recordJudgmentDrafts } from '../model/memory/judgments.js';
import { advanceMigration, startMigration } from '../model/migrations.js';
import { setNotificationConfig } from '../model/notifications/config.js';
import type { UserRecord } from '../model/state/entities.js';
import { updateActivityConfig } from '../model/workspaces/config.js';
import type { EditorType } from './builders-records.js';
import { addPlannedNotifications } from './notification-plan.js';
import type { ScenarioContext } from './types.js';

const EDITOR_TYPES: readonly EditorType[] = ['text', 'map', 'array', 'xml'];

/**
 * The records of `team`: 9 notifications and 3 notification configs, 11 activities, 4 comment annotations with
 * comments, 3 reactions, 2 recordings, 5 editors (one per CRDT type plus a block editor), 12 judgments, a
 * migration of `team-acme/doc-5` that is `in_progress`, and an enabled activity config.
 */
export function fillTeamRecords(context: ScenarioContext, people: Map<number, UserRecord>): void {
  const person = (n: number) => {
    const u = people.get(n);
    return { userId: `user-${n}`, ...(u?.name ? { name: u.name } : {}), ...(u?.email ? { email: u.email } : {}) };
  };
  notifications(context, person);
  activities(context, person);
  annotations(context, person);
  editors(context);
  judgments(context, person);
  migration(context);
  updateActivityConfig(context.model, context.namespace, { isEnabled: true, immutable: false });
}

type Person = (n: number) => { userId: string; name?: string; email?: string };

function notifications({ build, model, namespace }: ScenarioContext, person: Person): void {
  const plan = [
    ['team-acme', 'doc-1', 1, 2],
    ['team-acme', 'doc-1', 2, 1],
    ['team-acme', 'doc-2', 3, 1],
    ['team-acme', 'doc-2', 1, 4],
    ['team-acme', 'doc-3', 5, 6],
    ['team-acme', 'doc-4', 7, 1],
    ['team-globex', 'doc-1', 9, 10],
    ['team-globex', 'doc-2', 13, 9],
    ['team-globex', 'doc-3', 14, 15],
  ] as const;
  addPlannedNotifications(
    { build, model, namespace },
    plan.map(([organizationId, documentId, from, to]) => ({ organizationId, documentId, from: person(from), to: person(to) })),
  );
  setNotificationConfig(model, namespace, { organizationId: 'team-acme', userIds: ['user-1'], config: { inbox: 'MINE', email: 'NONE' } });
  setNotificationConfig(model, namespace, {
    organizationId: 'team-acme',
    userIds: ['user-2'],
    documentIds: ['doc-1'],
    config: { inbox: 'ALL', email: 'MINE', slack: 'ALL' },
  });
  setNotificationConfig(model, namespace, { organizationId: 'team-globex', userIds: ['user-9', 'user-10'], config: { email: 'MINE' } });
}

function activities({ build, model, namespace }: ScenarioContext, person: Person): void {
  const acme = [
    build.activity({ actionUser: person(1), metadata: { documentId: 'doc-1' } }),
    build.activity({ actionUser: person(2), featureType: 'comment', actionType: 'comment.add', targetEntityId: 'doc-1', metadata: { documentId: 'doc-1' } }),
    build.activity({ actionUser: person(3), featureType: 'reaction', actionType: 'reaction.add', metadata: { documentId: 'doc-1' } }),
    build.activity({ actionUser: person(1), featureType: 'recorder', actionType: 'recorder.add', metadata: { documentId: 'doc-2' } }),
    build.activity({ actionUser: person(4), featureType: 'crdt', actionType: 'crdt.update', metadata: { documentId: 'doc-1' } }),
    build.activity({ actionUser: person(5), featureType: 'custom', actionType: 'document.publish', immutable: true, metadata: { documentId: 'doc-3' } }),
    build.activity({ actionUser: person(6), metadata: { documentId: 'doc-2' } }),
    build.activity({ actionUser: person(1), immutable: true, metadata: { documentId: 'doc-4' } }),
  ];
  addActivities(
    model,
    namespace,
    'team-acme',
    acme.map((a, i) => ({ ...a, id: `activity-${i + 1}` })),
  );
  const globex = [9, 13, 14].map((n) => build.activity({ actionUser: person(n), metadata: { documentId: 'doc-1' } }));
  addActivities(
    model,
    namespace,
    'team-globex',
    globex.map((a, i) => ({ ...a, id: `activity-${i + 1}` })),
  );
}

function annotations({ build, model, namespace }: ScenarioContext, person: Person): void {
  const at = (organizationId: string, documentId: string) => ({ organizationId, documentId });
  const comment = (n: number) => build.comment({ from: person(n) });
  addCommentAnnotation(model, namespace, { ...build.commentAnnotation({ from: person(1), comments: [comment(1), comment(2)] }), ...at('team-acme', 'doc-1') });
  addCommentAnnotation(model, namespace, {
    ...build.commentAnnotation({ from: person(2), comments: [comment(2), comment(3), comment(1)] }),
    ...at('team-acme', 'doc-1'),
  });
  addCommentAnnotation(model, namespace, {
    ...build.commentAnnotation({ from: person(3), comments: [comment(3)] }),
    status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' },
    ...at('team-acme', 'doc-2'),
  });
  addCommentAnnotation(model, namespace, {
    ...build.commentAnnotation({ from: person(9), comments: [comment(9), comment(10)] }),
    ...at('team-globex', 'doc-1'),
  });
  for (const n of [2, 3, 4]) addReaction(model, namespace, { ...build.reaction({ from: person(n) }), ...at('team-acme', 'doc-1') });
  addRecording(model, namespace, { ...build.recording({ from: person(1) }), ...at('team-acme', 'doc-2') });
  addRecording(model, namespace, { ...build.recording({ from: person(13) }), ...at('team-globex', 'doc-2') });
}

function editors({ build, model, namespace }: ScenarioContext): void {
  const write = (documentId: string, editorId: string, type: EditorType, contentKey?: string) => {
    const built = build.editor({ editorId, type, ...(contentKey ? { contentKey } : {}) });
    const checked = toContent(built.type, built.data);
    if ('error' in checked) throw new Error(`The team scenario built invalid ${type} editor data: ${checked.error}`);
    writeEditor(model, namespace, { organizationId: 'team-acme', documentId, editorId, contentKey: built.contentKey, content: checked.content, mode: 'add' });
  };
  for (const type of EDITOR_TYPES) write('doc-1', `${type}-editor`, type);
  write('doc-2', 'block-editor', 'xml', 'document-store');
}

function judgments({ build, model, namespace }: ScenarioContext, person: Person): void {
  const drafts = Array.from({ length: 12 }, (_, i) => {
    const reviewer = person(1 + (i % 4));
    const agent = i % 4 === 3;
    return build.judgment({
      actionUser: reviewer,
      judgeType: agent ? 'agent' : 'human',
      agent: agent ? { agentId: 'review-bot', name: 'Review Bot' } : null,
      organizationId: 'team-acme',
      documentId: `doc-${1 + (i % 3)}`,
    });
  });
  recordJudgmentDrafts(model, namespace, drafts);
}

function migration({ model, namespace, service }: ScenarioContext): void {
  const policy = { mode: 'manual' as const, stepMs: service.settings.migrationStepMs };
  const started = startMigration(model, namespace, policy, { organizationId: 'team-acme', documentId: 'doc-5', newDocumentId: 'doc-5-v2' });
  const moved = advanceMigration(model, namespace, policy, started.migrationId, 'in_progress');
  if (!moved.ok) throw new Error(`The team scenario could not start its migration: ${moved.message}`);
}
