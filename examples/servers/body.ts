/**
 * Request-body reading for the demo servers: collect a capped body, and describe it the way
 * the echo endpoint returns it (JSON, text, URL-encoded form, multipart parts with file names,
 * sizes and SHA-256, or raw bytes).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The echo endpoint's view of a request body. */
export type EchoBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'form'; fields: Record<string, string | string[]> }
  | { kind: 'multipart'; parts: MultipartPart[] }
  | { kind: 'bytes'; size: number; sha256: string };

/** One part of a multipart body; files carry name, size and hash instead of content. */
export interface MultipartPart {
  name: string;
  fileName?: string;
  contentType?: string;
  size: number;
  sha256: string;
  /** Text value for non-file parts. */
  value?: string;
}

/** Reads the whole body, refusing more than `cap` bytes. */
export async function readBody(req: IncomingMessage, cap = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw new Error(`body larger than ${cap} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** SHA-256 of bytes, hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Parses URL-encoded fields; repeated names become lists. */
export function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = fields[name];
    fields[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return fields;
}

/** Splits a multipart/form-data body into parts (RFC 7578). */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    const section = body.subarray(afterDelimiter + 2, next - 2); // skip CRLF after delimiter and before next
    const headerEnd = section.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = section.subarray(0, headerEnd).toString('utf8');
      const content = section.subarray(headerEnd + 4);
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
      const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim();
      const part: MultipartPart = { name, size: content.length, sha256: sha256(content) };
      if (fileName !== undefined) part.fileName = fileName;
      if (contentType) part.contentType = contentType;
      if (fileName === undefined) part.value = content.toString('utf8');
      parts.push(part);
    }
    start = next;
  }
  return parts;
}

/** Describes a body by its content type. */
export function describeBody(body: Buffer, contentType: string | undefined): EchoBody {
  if (body.length === 0) return { kind: 'empty' };
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) {
    try {
      return { kind: 'json', value: JSON.parse(body.toString('utf8')) };
    } catch {
      return { kind: 'text', text: body.toString('utf8') };
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { kind: 'form', fields: parseForm(body.toString()) };
  const boundary = /boundary="?([^";]+)"?/i.exec(type === '' ? '' : (contentType ?? ''))?.[1];
  if (type.startsWith('multipart/form-data') && boundary)
    return { kind: 'multipart', parts: parseMultipart(body, boundary) };
  if (type.startsWith('text/') || type.includes('xml')) return { kind: 'text', text: body.toString('utf8') };
  return { kind: 'bytes', size: body.length, sha256: sha256(body) };
}
