import type { NewDocument } from '../model/organizations/organizations.js';
import type { UserRecord } from '../model/state/entities.js';
import { createRecordBuilders, type RecordBuilders, withOverrides } from './builders-records.js';
import type { SeededFaker } from './faker.js';

/** A user as the add-users operation takes it: `userId`, `name`, `email` (overridable, extra fields kept). */
export type BuiltUser = UserRecord & { userId: string; name: string; email: string };

/** A folder: id and display name. */
export interface BuiltFolder {
  folderId: string;
  folderName: string;
}

/** A document as the add-documents operation takes it. */
export type BuiltDocument = NewDocument & { documentName: string };

/** A user group of an organization. */
export interface BuiltGroup {
  groupId: string;
  groupName: string;
}

/**
 * Seeded builders of realistic records: every call draws the next values of the owning faker, and overrides
 * replace fields without shifting the sequence (the same values are drawn either way).
 * @example const build = await createBuilders({ seed: 7 }); build.user({ name: 'Ada Lovelace' });
 */
export interface Builders extends RecordBuilders {
  /** The private, seeded faker behind these builders, for anything the builders do not cover. */
  readonly faker: SeededFaker;
  /** An organization id such as `org_m1x8q2rd`. */
  organizationId(): string;
  user(overrides?: Partial<BuiltUser>): BuiltUser;
  folder(overrides?: Partial<BuiltFolder>): BuiltFolder;
  document(overrides?: Partial<BuiltDocument>): BuiltDocument;
  group(overrides?: Partial<BuiltGroup>): BuiltGroup;
  /** `count` results of a builder, e.g. `build.many(3, build.user)`. */
  many<T>(count: number, make: () => T): T[];
}

/**
 * Builders over a seeded faker; `createBuilders` (async, loads faker lazily) is the public way to get them.
 * @example const build = buildersFor(createSeededFaker(1)); build.document();
 */
export function buildersFor(faker: SeededFaker): Builders {
  const id = (prefix: string): string => `${prefix}_${faker.string.alphanumeric({ length: 10, casing: 'lower' })}`;
  const user = (overrides?: Partial<BuiltUser>): BuiltUser => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const generated: BuiltUser = {
      userId: id('usr'),
      name: `${firstName} ${lastName}`,
      email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
    };
    return withOverrides(generated, overrides);
  };
  return {
    faker,
    organizationId: () => id('org'),
    user,
    folder: (overrides) => withOverrides({ folderId: id('fld'), folderName: faker.commerce.department() }, overrides),
    document: (overrides) =>
      withOverrides<BuiltDocument>(
        { documentId: id('doc'), documentName: `${faker.company.buzzNoun()} ${faker.word.noun()}`.replace(/^./, (c) => c.toUpperCase()) },
        overrides,
      ),
    group: (overrides) => withOverrides({ groupId: id('grp'), groupName: `${faker.commerce.department()} team` }, overrides),
    many: (count, make) => Array.from({ length: count }, () => make()),
    ...createRecordBuilders(faker, id, user),
  };
}
