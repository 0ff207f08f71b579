import { addThreads } from '../model/comments/threads.js';
import { addGroups, addMembers } from '../model/groups.js';
import { addDocument, ensureFolder, ensureOrganization } from '../model/organizations/organizations.js';
import { addUsers } from '../model/users/users.js';
import { addPlannedNotifications } from './notification-plan.js';
import type { CustomScenario } from './types.js';

/** The organization of the `starter` scenario. */
export const STARTER_ORGANIZATION = 'starter-org';

/**
 * `starter`: organization `starter-org` with 8 users (`user-1`…`user-8`), folders `folder-1`…`folder-3`,
 * documents `doc-1`…`doc-6`, folder-level guests, document-level users, group `group-1`, 4 notifications and
 * 3 comment threads written as REST writes them (two open on `doc-1`, one mentioning `user-2`; one resolved on `doc-2`).
 */
export const starterScenario: CustomScenario = ({ build, model, namespace }) => {
  const organizationId = STARTER_ORGANIZATION;
  const org = ensureOrganization(model, namespace, organizationId);
  const users = Array.from({ length: 8 }, (_, i) => build.user({ userId: `user-${i + 1}`, accessRole: i < 6 ? 'editor' : 'viewer' }));
  addUsers(model, namespace, { organizationId, users: users, keepAccessRole: true });

  const folderOf = ['folder-1', 'folder-1', 'folder-2', 'folder-2', 'folder-3', undefined] as const;
  for (let i = 1; i <= 3; i++) ensureFolder(model, org, `folder-${i}`).folderName = build.folder().folderName;
  folderOf.forEach((folderId, i) => {
    const document = build.document({ documentId: `doc-${i + 1}`, ...(i === 5 ? { accessType: 'restricted' as const } : {}) });
    addDocument(model, namespace, { organizationId: org.organizationId, folderId: folderId, document: document });
  });

  addUsers(model, namespace, { organizationId, folderId: 'folder-1', users: [build.user({ userId: 'guest-1', accessRole: 'viewer' })], keepAccessRole: true });
  addUsers(model, namespace, { organizationId, folderId: 'folder-2', users: [build.user({ userId: 'guest-2', accessRole: 'editor' })], keepAccessRole: true });
  const byId = new Map(users.map((u) => [u.userId, u]));
  const pick = (...ids: string[]) => ids.map((id) => byId.get(id)).filter((u) => u !== undefined);
  addUsers(model, namespace, { organizationId, documentId: 'doc-1', users: pick('user-1', 'user-2'), keepAccessRole: true });
  addUsers(model, namespace, { organizationId, documentId: 'doc-4', users: [build.user({ userId: 'guest-3', accessRole: 'viewer' })], keepAccessRole: true });
  addUsers(model, namespace, { organizationId, documentId: 'doc-6', users: pick('user-1', 'user-5'), keepAccessRole: true });

  const group = build.group({ groupId: 'group-1' });
  addGroups(model, namespace, { organizationId: organizationId, groups: [group] });
  addMembers(model, namespace, { organizationId: organizationId, groupId: group.groupId, userIds: ['user-1', 'user-2', 'user-3', 'user-4'] });

  const person = (id: string) => {
    const u = byId.get(id);
    return { userId: id, ...(u ? { name: u.name, email: u.email } : {}) };
  };
  const mentions = [
    ['doc-1', 'user-1', 'user-2'],
    ['doc-1', 'user-3', 'user-1'],
    ['doc-2', 'user-2', 'user-4'],
    ['doc-6', 'user-5', 'user-1'],
  ] as const;
  addPlannedNotifications(
    { build, model, namespace },
    mentions.map(([documentId, from, to]) => ({ organizationId, documentId, from: person(from), to: person(to) })),
  );

  const mention = { userId: 'user-2', contact: person('user-2') };
  addThreads(model, namespace, {
    organizationId,
    documentId: 'doc-1',
    sourceType: 'rest-api',
    threads: [
      {
        location: { id: 'intro', locationName: 'Introduction' },
        comments: [
          { from: person('user-1'), commentText: 'Can {{user-2}} check the numbers in this paragraph?', taggedUserContacts: [mention] },
          { from: person('user-2'), commentText: 'Checked, they match the report.' },
        ],
      },
      { comments: [{ from: person('user-3'), commentText: 'The title should mention the quarter.' }] },
    ],
  });
  addThreads(model, namespace, {
    organizationId,
    documentId: 'doc-2',
    sourceType: 'rest-api',
    threads: [
      {
        status: { id: 'RESOLVED', name: 'Resolved', color: '#2EBD85', lightColor: '#E3F7EF', type: 'terminal', iconUrl: 'https://example.com/resolved.svg' },
        comments: [{ from: person('user-4'), commentText: 'Typo in the second table.' }],
      },
    ],
  });
};
