import { expect, it } from 'vitest';
import { DOCUMENT_SCOPE } from '../../src/model/document-scope.js';

it('erases every kind of per-document record that lists a user’s data, so a user-data deletion leaves none of it', () => {
  expect(DOCUMENT_SCOPE.filter((kind) => kind.userData && !kind.erase).map((kind) => kind.name)).toEqual([]);
  expect(DOCUMENT_SCOPE.filter((kind) => kind.erase).map((kind) => kind.erasedAs ?? kind.name)).toEqual([
    'comments',
    'reactions',
    'recordings',
    'notifications',
    'notifications',
    'activities',
  ]);
});
