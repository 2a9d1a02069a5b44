/**
 * cURL target. Basic auth becomes `-u user:password` only when basic is the endpoint's first
 * scheme (SPEC §5); any other credential stays the header it is on the wire. Multipart leaves
 * Content-Type to curl, which adds the boundary; file parts and raw bodies read the file by its name.
 * Cookie parameters go in one `--cookie 'name=value; …'`.
 */
import type { BuiltRequest, FormPart } from '../../../../build/built-request.js';
import { cookieHeader } from '../../../../build/cookie.js';
import { INDENT, shellQuote } from '../../../literals.js';
import { redactAuth } from '../../../redact.js';
import type { SnippetOptions, SnippetTarget } from '../../../target.js';

function generate(source: BuiltRequest, options: SnippetOptions = {}): string {
  const request = options.redactAuth ? redactAuth(source) : source;
  const { body } = request;
  const auth = request.auths.find((credential) => credential.type === 'basicAuth');
  const start =
    request.method === 'GET' ? 'curl' : request.method === 'HEAD' ? 'curl -I' : `curl -X ${request.method}`;
  const lines: string[] = [];
  const useUserFlag = auth?.type === 'basicAuth' && auth.isFirstScheme;
  for (const [name, value] of Object.entries(request.headers)) {
    if (useUserFlag && name === auth.header) continue;
    if (body.type === 'form-data' && name.toLowerCase() === 'content-type') continue;
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (useUserFlag) lines.push(`-u ${shellQuote(`${auth.username}:${auth.password}`)}`);
  // The value holds `=`, so curl reads it as cookies, never as a cookie file's name.
  const cookie = cookieHeader(request.cookies);
  if (cookie !== undefined) lines.push(`--cookie ${shellQuote(cookie)}`);
  switch (body.type) {
    case 'json':
    case 'urlencoded':
      lines.push(`--data ${shellQuote(body.text)}`);
      break;
    case 'text':
      // --data-raw: a text starting with @ is not a file name here.
      lines.push(`--data-raw ${shellQuote(body.text)}`);
      break;
    case 'bytes':
      lines.push(`--data-binary ${shellQuote(`@${body.fileName}`)}`);
      break;
    case 'form-data':
      lines.push(...body.parts.map(formFlag));
      break;
    case 'none':
      break;
  }
  return [`${start} ${shellQuote(request.url)}`, ...lines].join(` \\\n${INDENT}`);
}

/** `--form-string` sends text verbatim (no `@file`/`<file` magic); files name their content type. */
function formFlag(part: FormPart): string {
  if (part.type === 'text') return `--form-string ${shellQuote(`${part.name}=${part.value}`)}`;
  const fileName = part.fileName.replace(/["\\]/g, '\\$&');
  return `-F ${shellQuote(`${part.name}=@"${fileName}";type=${part.contentType}`)}`;
}

export const curl: SnippetTarget = { target: 'curl', client: 'curl', title: 'cURL', generate };
