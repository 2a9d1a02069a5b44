/**
 * Python `requests` target. JSON is sent as the exact text the playground sends
 * (`json.dumps(payload, indent=2, ensure_ascii=False)`), multipart parts go through `files=` in
 * order (text parts as `(None, value)`), and Content-Type is left to requests for multipart.
 * Cookie parameters go through `cookies=`.
 */
import type { BuiltRequest, FormPart } from '../../../../build/built-request.js';
import { INDENT, pyLiteral } from '../../../literals.js';
import { redactAuth } from '../../../redact.js';
import type { SnippetOptions, SnippetTarget } from '../../../target.js';

const str = (text: string) => JSON.stringify(text);

function generate(source: BuiltRequest, options: SnippetOptions = {}): string {
  const request = options.redactAuth ? redactAuth(source) : source;
  const { body } = request;
  const imports = body.type === 'json' ? ['import json', '', 'import requests'] : ['import requests'];
  const declarations: string[] = [`url = ${str(request.url)}`];
  const args = [str(request.method), 'url'];
  const headers = Object.entries(request.headers).filter(
    ([name]) => !(body.type === 'form-data' && name.toLowerCase() === 'content-type'),
  );
  if (headers.length) {
    declarations.push(`headers = ${pyLiteral(Object.fromEntries(headers))}`);
    args.push('headers=headers');
  }
  if (request.cookies.length) {
    // Already encoded (RFC 6265): requests sends each `name=value` as it is, in this order.
    declarations.push(`cookies = ${pyLiteral(Object.fromEntries(request.cookies))}`);
    args.push('cookies=cookies');
  }
  switch (body.type) {
    case 'json':
      declarations.push(`payload = ${pyLiteral(body.value)}`);
      args.push('data=json.dumps(payload, indent=2, ensure_ascii=False).encode("utf-8")');
      break;
    case 'text':
      declarations.push(`payload = ${str(body.text)}`);
      args.push('data=payload.encode("utf-8")');
      break;
    case 'urlencoded':
      declarations.push(`payload = ${str(body.text)}`);
      args.push('data=payload');
      break;
    case 'bytes':
      args.push(`data=open(${str(body.fileName)}, "rb")`);
      break;
    case 'form-data':
      declarations.push(`files = [\n${body.parts.map((p) => `${INDENT}${filePart(p)},\n`).join('')}]`);
      args.push('files=files');
      break;
    case 'none':
      break;
  }
  return [
    imports.join('\n'),
    declarations.join('\n\n'),
    `response = requests.request(${args.join(', ')})`,
    readResponse(request.expects),
  ].join('\n\n');
}

function filePart(part: FormPart): string {
  if (part.type === 'text') return `(${str(part.name)}, (None, ${str(part.value)}))`;
  return `(${str(part.name)}, (${str(part.fileName)}, open(${str(part.fileName)}, "rb"), ${str(part.contentType)}))`;
}

function readResponse(expects: BuiltRequest['expects']): string {
  switch (expects) {
    case 'json':
      return 'print(response.json())';
    case 'file':
      return 'print(len(response.content), response.headers.get("Content-Type"))';
    case 'stream':
      return 'print(response.text)';
    case 'text':
      return 'print(response.text)';
    case 'empty':
      return 'print(response.status_code)';
  }
}

export const pythonRequests: SnippetTarget = {
  target: 'python',
  client: 'requests',
  title: 'Python',
  generate,
};
