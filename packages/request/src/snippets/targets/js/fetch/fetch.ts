/**
 * TypeScript / JavaScript `fetch` target (runs as-is in Node 24 as an ES module). Multipart drops
 * the Content-Type header so `FormData` sets it with the boundary (SPEC §5); files are read with
 * `openAsBlob` by their name. Cookie parameters are a `Cookie` header, which only a server-side
 * runtime sends (a comment says so).
 */
import type { BuiltRequest, FormPart } from '../../../../build/built-request.js';
import { cookieHeader } from '../../../../build/cookie.js';
import { INDENT, tsLiteral } from '../../../literals.js';
import { redactAuth } from '../../../redact.js';
import type { SnippetOptions, SnippetTarget } from '../../../target.js';

const str = (text: string) => JSON.stringify(text);

function generate(source: BuiltRequest, options: SnippetOptions = {}): string {
  const request = options.redactAuth ? redactAuth(source) : source;
  const { body } = request;
  const blocks: string[] = [];
  if (body.type === 'bytes' || (body.type === 'form-data' && body.parts.some((p) => p.type === 'file'))) {
    blocks.push('import { openAsBlob } from "node:fs";');
  }
  const headers = Object.entries(request.headers).filter(
    ([name]) => !(body.type === 'form-data' && name.toLowerCase() === 'content-type'),
  );
  const init: string[] = [`method: ${str(request.method)},`];
  const lines = headers.map(([k, v]) => `${INDENT.repeat(2)}${str(k)}: ${str(v)},\n`);
  const cookie = cookieHeader(request.cookies);
  if (cookie !== undefined) {
    lines.push(
      `${INDENT.repeat(2)}// Browsers never send a Cookie header set by script: run this in Node, Deno or Bun.\n`,
      `${INDENT.repeat(2)}${str('Cookie')}: ${str(cookie)},\n`,
    );
  }
  if (lines.length) init.push(`headers: {\n${lines.join('')}${INDENT}},`);
  switch (body.type) {
    case 'json':
      blocks.push(`const body = ${tsLiteral(body.value)};`);
      init.push('body: JSON.stringify(body, null, 2),');
      break;
    case 'text':
      init.push(`body: ${str(body.text)},`);
      break;
    case 'urlencoded':
      init.push(
        `body: new URLSearchParams([\n${body.fields.map(([k, v]) => `${INDENT.repeat(2)}[${str(k)}, ${str(v)}],\n`).join('')}${INDENT}]),`,
      );
      break;
    case 'bytes':
      init.push(`body: await openAsBlob(${str(body.fileName)}),`);
      break;
    case 'form-data':
      blocks.push(['const form = new FormData();', ...body.parts.map(appendPart)].join('\n'));
      init.push('body: form,');
      break;
    case 'none':
      break;
  }
  blocks.push(
    `const response = await fetch(${str(request.url)}, {\n${init.map((l) => `${INDENT}${l}\n`).join('')}});`,
  );
  blocks.push(readResponse(request.expects));
  return blocks.join('\n\n');
}

function appendPart(part: FormPart): string {
  if (part.type === 'text') return `form.append(${str(part.name)}, ${str(part.value)});`;
  return `form.append(${str(part.name)}, await openAsBlob(${str(part.fileName)}, { type: ${str(part.contentType)} }), ${str(part.fileName)});`;
}

function readResponse(expects: BuiltRequest['expects']): string {
  switch (expects) {
    case 'json':
      return 'const data = await response.json();\nconsole.log(data);';
    case 'file':
      return 'const file = await response.blob();\nconsole.log(file.size, file.type);';
    case 'stream':
      return 'for await (const chunk of response.body ?? []) {\n  process.stdout.write(chunk);\n}';
    case 'text':
      return 'console.log(await response.text());';
    case 'empty':
      return 'console.log(response.status);';
  }
}

export const fetchTarget: SnippetTarget = {
  target: 'typescript',
  client: 'fetch',
  title: 'TypeScript',
  generate,
};
