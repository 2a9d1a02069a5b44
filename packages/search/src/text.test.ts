import { describe, expect, it } from 'vitest';
import { documentTerms, queryTerms, stem } from './text.js';

describe('text', () => {
  it('stems plurals, -ing, -ed and -ation, and a final e, onto one term', () => {
    for (const group of [
      ['issue', 'issues'],
      ['create', 'created', 'creating', 'creation', 'creates'],
      ['repository', 'repositories'],
      ['star', 'starred'],
      ['merge', 'merged', 'merging'],
    ])
      expect(new Set(group.map(stem)).size).toBe(1);
    expect(stem('status')).toBe('status');
    expect(stem('access')).toBe('access');
  });

  it('folds the API verbs and "get all" onto one word each', () => {
    expect(queryTerms('add a plant')).toEqual(queryTerms('create plant'));
    expect(queryTerms('new plant')).toEqual(queryTerms('create plant'));
    expect(queryTerms('remove a plant')).toEqual(queryTerms('delete plant'));
    expect(queryTerms('edit a plant')).toEqual(queryTerms('update plant'));
    expect(queryTerms('patch a plant')).toEqual(queryTerms('update plant'));
    expect(queryTerms('get all plants')).toEqual(queryTerms('list plants'));
  });

  it('drops question words and splits identifiers', () => {
    expect(queryTerms('How do I create an issue?')).toEqual(['creat', 'issu']);
    expect(queryTerms('listPullRequests')).toEqual(['list', 'pull', 'request']);
    expect(documentTerms('pull_request issues/create')).toEqual(['pull', 'request', 'issu', 'creat']);
  });
});
