import { describe, expect, it } from 'vitest';
import { matchPathTemplate, parsePathQuery } from './path-match.js';

describe('path queries', () => {
  it('reads a method and path, a URL, or a path without its leading slash; words are no path', () => {
    expect(parsePathQuery('GET /repos/o/r/pulls')).toEqual({
      method: 'GET',
      segments: ['repos', 'o', 'r', 'pulls'],
    });
    expect(parsePathQuery('https://api.github.com/repos/o/r?x=1')).toEqual({ segments: ['repos', 'o', 'r'] });
    expect(parsePathQuery('repos/{owner}/{repo}')).toEqual({ segments: ['repos', '{owner}', '{repo}'] });
    expect(parsePathQuery('create an issue')).toBeUndefined();
    expect(parsePathQuery('/')).toBeUndefined();
  });

  it('matches templates segment by segment, counting literal segments', () => {
    const query = parsePathQuery('/repos/octocat/hello/pulls');
    if (!query) throw new Error('no path');
    expect(matchPathTemplate('/repos/{owner}/{repo}/pulls', query)).toEqual({ full: true, literals: 2 });
    expect(matchPathTemplate('/repos/{owner}/{repo}/{path}', query)).toEqual({ full: true, literals: 1 });
    expect(matchPathTemplate('/repos/{owner}/{repo}/pulls/{n}', query)).toEqual({ full: false, literals: 2 });
    expect(matchPathTemplate('/repos/{owner}/{repo}/issues', query)).toBeUndefined();
    expect(matchPathTemplate('/repos/{owner}', query)).toBeUndefined();
    // A parameter in the query matches only a parameter; a mixed segment as a pattern.
    const template = parsePathQuery('/files/{name}');
    if (!template) throw new Error('no path');
    expect(matchPathTemplate('/files/{id}', template)).toEqual({ full: true, literals: 1 });
    expect(matchPathTemplate('/files/latest', template)).toBeUndefined();
    const report = parsePathQuery('/files/report.csv');
    if (!report) throw new Error('no path');
    expect(matchPathTemplate('/files/{name}.csv', report)).toEqual({ full: true, literals: 2 });
  });
});
