/**
 * Built requests carrying one text in every place a snippet generator writes text: the URL's path
 * and query, a header's name and value, a cookie, a JSON body's keys and values (nested), a text,
 * form (text part, file name) and file body. For tests of how snippets are highlighted.
 */
import type { BuiltRequest } from '@sextant/request';

export function requestsCarrying(value: string, id = 0): BuiltRequest[] {
  const base = {
    endpointId: `e${id}` as BuiltRequest['endpointId'],
    method: 'POST' as const,
    // A URL is encoded, but the server's part of it is the spec's text.
    url: `https://api.test/${value.replace(/[/?#]/g, '')}/${encodeURIComponent(value.replace(/\p{Cs}/gu, ''))}?q=${value}`,
    headers: { 'X-Value': value, [value.slice(0, 40)]: 'v', 'Content-Type': 'application/json' },
    cookies: [[`c${id}`, value] as [string, string]],
    auths: [],
    missingPathParameters: [],
    expects: 'json' as const,
  };
  const json = { [value]: value, nested: { list: [value, 1, true, null], [`k${value.slice(0, 9)}`]: value } };
  return [
    { ...base, body: { type: 'json', text: JSON.stringify(json, null, 2), value: json } },
    { ...base, body: { type: 'text', text: value } },
    { ...base, body: { type: 'urlencoded', text: `a=${value}`, fields: [['a', value]] } },
    {
      ...base,
      body: {
        type: 'form-data',
        parts: [
          { type: 'text', name: value, value },
          { type: 'file', name: 'f', file: new Blob([]), fileName: value, contentType: 'text/plain' },
        ],
      },
    },
    { ...base, body: { type: 'bytes', file: new Blob([]), fileName: value } },
  ];
}
