import { addGroups, addMembers } from '../model/groups.js';
import { addDocument, ensureFolder, ensureOrganization, setOrganizationDisabled } from '../model/organizations/organizations.js';
import type { UserRecord } from '../model/state/entities.js';
import { loadYjs } from '../model/state/yjs.js';
import { addUsers } from '../model/users/users.js';
import { fillTeamRecords } from './team-records.js';
import type { CustomScenario, ScenarioContext } from './types.js';

/** One organization of the `team` scenario: who is in it and what it holds. */
export interface TeamOrganization {
  organizationId: string;
  /** Numbers of the pool users (`user-<n>`) at organization level; the first is the most active. */
  members: readonly number[];
  folders: number;
  documents: number;
  groups: readonly { groupId: string; members: readonly number[] }[];
  disabled: boolean;
}

/** The organizations of `team`: two active ones sharing four people, and a disabled one. */
export const TEAM_ORGANIZATIONS: readonly TeamOrganization[] = [
  {
    organizationId: 'team-acme',
    members: range(1, 12),
    folders: 2,
    documents: 5,
    groups: [
      { groupId: 'design', members: [1, 2, 3, 4] },
      { groupId: 'engineering', members: [5, 6, 7, 8, 9] },
    ],
    disabled: false,
  },
  { organizationId: 'team-globex', members: range(9, 20), folders: 2, documents: 4, groups: [{ groupId: 'support', members: [13, 14, 15] }], disabled: false },
  { organizationId: 'team-initech', members: range(21, 25), folders: 1, documents: 2, groups: [], disabled: true },
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * `team`: organizations `team-acme`, `team-globex` and the disabled `team-initech`, each with users, folders,
 * documents (`doc-1`…), document-level users and groups; plus notifications and notification configs, activity
 * records, comment annotations with comments, reactions and recordings, editors of every CRDT type, judgments,
 * a migration in progress and an activity config (see `fillTeamRecords`).
 */
export const teamScenario: CustomScenario = async (context) => {
  await loadYjs();
  const people = buildPeople(context, 25);
  for (const spec of TEAM_ORGANIZATIONS) fillOrganization(context, spec, people);
  fillTeamRecords(context, people);
  for (const spec of TEAM_ORGANIZATIONS)
    if (spec.disabled) setOrganizationDisabled(context.model, context.namespace, { organizationId: spec.organizationId, disabled: true });
};

function buildPeople({ build }: ScenarioContext, count: number): Map<number, UserRecord> {
  const people = new Map<number, UserRecord>();
  for (let n = 1; n <= count; n++) people.set(n, build.user({ userId: `user-${n}`, accessRole: n % 5 === 0 ? 'viewer' : 'editor' }));
  return people;
}

function fillOrganization(context: ScenarioContext, spec: TeamOrganization, people: Map<number, UserRecord>): void {
  const { build, model, namespace } = context;
  const { organizationId } = spec;
  const org = ensureOrganization(model, namespace, organizationId);
  const members = spec.members.map((n) => people.get(n)).filter((u) => u !== undefined);
  addUsers(model, namespace, { organizationId, users: members, keepAccessRole: true });
  for (let f = 1; f <= spec.folders; f++) ensureFolder(model, org, `folder-${f}`).folderName = build.folder().folderName;
  for (let d = 1; d <= spec.documents; d++) {
    const folderId = d <= spec.folders * 2 ? `folder-${1 + ((d - 1) % spec.folders)}` : undefined;
    addDocument(model, namespace, {
      organizationId: org.organizationId,
      folderId: folderId,
      document: build.document({ documentId: `doc-${d}`, ...(d === spec.documents ? { accessType: 'restricted' as const } : {}) }),
    });
    // Two members per document, plus an outside reviewer on the first one.
    const pair = [members[(d - 1) % members.length], members[d % members.length]].filter((u) => u !== undefined);
    addUsers(model, namespace, { organizationId, documentId: `doc-${d}`, users: pair, keepAccessRole: true });
  }
  addUsers(model, namespace, {
    organizationId,
    documentId: 'doc-1',
    users: [build.user({ userId: `${organizationId}-reviewer`, accessRole: 'viewer' })],
    keepAccessRole: true,
  });
  addUsers(model, namespace, {
    organizationId,
    folderId: 'folder-1',
    users: [build.user({ userId: `${organizationId}-guest`, accessRole: 'viewer' })],
    keepAccessRole: true,
  });
  for (const group of spec.groups) {
    addGroups(model, namespace, { organizationId: organizationId, groups: [build.group({ groupId: group.groupId })] });
    addMembers(model, namespace, { organizationId: organizationId, groupId: group.groupId, userIds: group.members.map((n) => `user-${n}`) });
  }
}
