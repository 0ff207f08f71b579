import { addGroups, addMembers } from '../model/groups.js';
import { addDocument, ensureFolder, ensureOrganization } from '../model/organizations/organizations.js';
import type { UserRecord } from '../model/state/entities.js';
import { addUsers } from '../model/users/users.js';
import type { CustomScenario } from './types.js';

/** The organization of the `large` scenario. */
export const LARGE_ORGANIZATION = 'large-org';

/** Sizes of the `large` scenario. */
export const LARGE_SIZES = { users: 10_000, documents: 1_000, folders: 20, groups: 10, usersPerDocument: 3, membersPerGroup: 100 } as const;

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * `large`: organization `large-org` with 10,000 users (`user-00001`…), 1,000 documents (`doc-0001`…) in
 * 20 folders, 3 document-level users per document and 10 groups of 100 members, for scale work.
 */
export const largeScenario: CustomScenario = ({ build, model, namespace }) => {
  const organizationId = LARGE_ORGANIZATION;
  const org = ensureOrganization(model, namespace, organizationId);
  const users: UserRecord[] = [];
  for (let i = 1; i <= LARGE_SIZES.users; i++) users.push(build.user({ userId: `user-${pad(i, 5)}` }));
  addUsers(model, namespace, { organizationId, users: users, keepAccessRole: true });

  for (let f = 1; f <= LARGE_SIZES.folders; f++) ensureFolder(model, org, `folder-${pad(f, 2)}`).folderName = build.folder().folderName;
  for (let d = 1; d <= LARGE_SIZES.documents; d++) {
    const documentId = `doc-${pad(d, 4)}`;
    addDocument(model, namespace, {
      organizationId: org.organizationId,
      folderId: `folder-${pad(1 + ((d - 1) % LARGE_SIZES.folders), 2)}`,
      document: build.document({ documentId }),
    });
    const members: UserRecord[] = [];
    for (let k = 0; k < LARGE_SIZES.usersPerDocument; k++) {
      const user = users[(d * 7 + k * 1_009) % users.length];
      if (user) members.push(user);
    }
    addUsers(model, namespace, { organizationId, documentId, users: members, keepAccessRole: true });
  }

  for (let g = 1; g <= LARGE_SIZES.groups; g++) {
    const groupId = `group-${pad(g, 2)}`;
    addGroups(model, namespace, { organizationId: organizationId, groups: [build.group({ groupId })] });
    const start = (g - 1) * LARGE_SIZES.membersPerGroup;
    addMembers(model, namespace, {
      organizationId: organizationId,
      groupId: groupId,
      userIds: users.slice(start, start + LARGE_SIZES.membersPerGroup).map((u) => u.userId),
    });
  }
};
