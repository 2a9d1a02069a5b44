import type { Endpoint } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { buildBody, concreteContentType } from './request-body.js';

const str = { type: 'primitive', value: { type: 'string' } } as const;

function rpcMethod(
  paramStructure?: 'by-name' | 'by-position',
): Pick<Endpoint, 'method' | 'requests' | 'protocol'> {
  return {
    method: 'POST',
    requests: [
      {
        contentType: 'application/json',
        body: {
          type: 'object',
          extends: [],
          properties: [
            { key: 'a', valueShape: str },
            { key: 'b', valueShape: { type: 'optional', shape: str } },
            { key: 'c', valueShape: { type: 'optional', shape: str } },
          ],
        },
      },
    ],
    protocol: { type: 'openrpc', methodName: 'join', ...(paramStructure ? { paramStructure } : {}) },
  };
}

describe('OpenRPC envelope', () => {
  it('sends by-name params as an object inside the JSON-RPC 2.0 envelope', () => {
    const body = buildBody(rpcMethod(), { type: 'json', value: { b: 'y', a: 'x' } });
    expect(body).toMatchObject({
      type: 'json',
      value: { jsonrpc: '2.0', id: 1, method: 'join', params: { b: 'y', a: 'x' } },
    });
  });

  it('sends by-position params as an array in declared order, unset middle params as null, trailing ones dropped', () => {
    const body = buildBody(rpcMethod('by-position'), { type: 'json', value: { b: 'y', a: 'x' } });
    expect(body).toMatchObject({ type: 'json', value: { method: 'join', params: ['x', 'y'] } });
    const gap = buildBody(rpcMethod('by-position'), { type: 'json', value: { c: 'z', a: 'x' } });
    expect(gap).toMatchObject({ value: { params: ['x', null, 'z'] } });
  });

  it('sends an empty params object when the form has no body value', () => {
    expect(buildBody(rpcMethod(), undefined)).toMatchObject({ value: { params: {} } });
  });
});

describe('concreteContentType (a wildcard is never sent)', () => {
  const shape = { type: 'alias', shape: { type: 'unknown' } } as const;
  it('keeps a concrete type and picks one for a wildcard by what the body is', () => {
    expect(concreteContentType({ contentType: 'application/vnd.api+json', body: shape })).toBe(
      'application/vnd.api+json',
    );
    expect(concreteContentType({ contentType: '*/*', body: shape })).toBe('application/json');
    expect(concreteContentType({ contentType: 'application/*; q=0.5', body: shape })).toBe(
      'application/json',
    );
    expect(concreteContentType({ contentType: 'text/*', body: shape })).toBe('text/plain');
    expect(concreteContentType({ contentType: '*/*', body: { type: 'bytes', isOptional: false } })).toBe(
      'application/octet-stream',
    );
    expect(concreteContentType({ contentType: 'multipart/*', body: { type: 'formData', fields: [] } })).toBe(
      'multipart/form-data',
    );
  });
});
