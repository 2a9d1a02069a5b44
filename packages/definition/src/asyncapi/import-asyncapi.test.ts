import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv, validationErrors } from '../examples/ajv-validator.test-support.js';
import { importDefinition } from '../import/import-definition.js';
import { importError, textSource } from '../import/test-support.js';
import type { ImportSource } from '../ir/import-result.js';
import { danglingReferences } from '../slice/dangling-references.js';

const FIXTURES = 'packages/definition/src/asyncapi/fixtures';

function fileSource(entry: string): ImportSource {
  return { entry, read: (path) => readFileSync(join(FIXTURES, path), 'utf8') };
}

describe.each([
  ['chat.asyncapi-2.6.yaml', 'chat-2.6.golden.json'],
  ['chat.asyncapi-3.0.yaml', 'chat-3.0.golden.json'],
])('AsyncAPI %s', (file, golden) => {
  const result = importDefinition(fileSource(file));
  const { definition } = result;

  it('matches its golden IR', () => {
    // Regenerate after an intended change with UPDATE_GOLDEN=1.
    if (process.env.UPDATE_GOLDEN)
      writeFileSync(join(FIXTURES, golden), `${JSON.stringify(result, null, 2)}\n`);
    expect(result).toEqual(JSON.parse(readFileSync(join(FIXTURES, golden), 'utf8')));
  });

  it('reads message direction: the client sends "say"; the server sends "said" and "typing"', () => {
    const channel = Object.values(definition.websockets)[0];
    const origins = Object.fromEntries(channel?.messages.map((m) => [m.type, m.origin]) ?? []);
    expect(origins).toMatchObject({ say: 'client', said: 'server', typing: 'server' });
    expect(channel?.messages.find((m) => m.type === 'say')?.displayName).toBe('Say something');
  });

  it('maps the address, parameters, ws binding headers and query, and ws servers only', () => {
    const channel = Object.values(definition.websockets)[0];
    expect(channel?.path).toEqual([
      { type: 'literal', value: '/rooms/' },
      { type: 'pathParameter', name: 'roomId' },
    ]);
    expect(channel?.pathParameters.map((p) => p.key)).toEqual(['roomId']);
    expect(channel?.requestHeaders).toEqual([
      {
        key: 'X-Client',
        valueShape: { type: 'primitive', value: { type: 'string' } },
        description: 'Client name',
      },
    ]);
    expect(channel?.queryParameters[0]).toMatchObject({ key: 'since', valueShape: { type: 'optional' } });
    expect(channel?.environments.map((e) => e.baseUrl)).toEqual([
      'wss://chat.example.com/v1',
      'ws://localhost:4011',
    ]);
    expect(channel?.environments[0]?.variables).toEqual([
      { name: 'version', default: 'v1', enum: ['v1', 'v2'] },
    ]);
    expect(channel?.auth).toContain('token');
    expect(definition.auths.token).toEqual({
      type: 'queryParameter',
      id: 'token',
      queryParameterName: 'token',
    });
  });

  it('skips the non-WebSocket server with a warning, and groups by tag', () => {
    expect(result.warnings.some((w) => /protocol; only ws and wss/.test(w.message))).toBe(true);
    expect(definition.subpackages.rooms?.websockets).toHaveLength(1);
    expect(definition.subpackages.rooms?.description).toBe('Chat rooms');
  });

  it('keeps spec examples, synthesises valid ones for the other messages, and resolves every reference', () => {
    expect(danglingReferences(definition)).toEqual([]);
    const ajv = createAjv();
    for (const channel of Object.values(definition.websockets)) {
      const shown = new Set(channel.examples.flatMap((e) => e.messages.map((m) => `${m.origin}|${m.type}`)));
      for (const message of channel.messages)
        expect(shown.has(`${message.origin}|${message.type}`)).toBe(true);
      for (const example of channel.examples.filter((e) => e.synthesized)) {
        for (const sent of example.messages) {
          const message = channel.messages.find((m) => m.type === sent.type && m.origin === sent.origin);
          const direction = sent.origin === 'client' ? 'request' : 'response';
          expect(validationErrors(ajv, sent.body, message!.body, definition.types, direction)).toBeNull();
        }
      }
    }
    const spec = Object.values(definition.websockets)[0]?.examples.find((e) => !e.synthesized);
    expect(spec).toMatchObject({
      name: 'hello',
      messages: [{ type: 'say', origin: 'client', body: { text: 'hello' } }],
    });
  });
});

describe('AsyncAPI 3.0 specifics', () => {
  const { definition, warnings } = importDefinition(fileSource('chat.asyncapi-3.0.yaml'));

  it('adds operation security to the channel auth and reads enum parameters', () => {
    expect(definition.websockets.room?.auth).toEqual(['token', 'bearer']);
    expect(definition.auths.bearer).toEqual({ type: 'bearerAuth', id: 'bearer' });
    const roomId = definition.websockets.room?.pathParameters[0]?.valueShape;
    expect(roomId?.type === 'id' && definition.types[roomId.id]?.shape).toEqual({
      type: 'enum',
      values: [{ value: 'general' }, { value: 'random' }],
      default: 'general',
    });
  });

  it('warns about a message no operation uses', () => {
    expect(warnings).toContainEqual({
      file: 'chat.asyncapi-3.0.yaml',
      pointer: '/channels/room/messages/orphan',
      message: 'no operation sends or receives this message; shown as sent by the server',
    });
  });
});

describe('AsyncAPI bad input', () => {
  it('names the pointer of a channel that is not an object', () => {
    const error = importError('asyncapi: 2.6.0\ninfo: { title: x, version: "1" }\nchannels:\n  /a: 42\n');
    expect(error.pointer).toBe('/channels/~1a');
    expect(error.line).toBe(4);
    expect(error.reason).toMatch(/a channel must be an object, got a number/);
  });

  it('reports a dangling message $ref', () => {
    const error = importError(
      'asyncapi: 2.6.0\ninfo: { title: x, version: "1" }\nchannels:\n  /a:\n    publish:\n      message:\n        $ref: "#/components/messages/Nope"\n',
    );
    expect(error.pointer).toBe('/channels/~1a/publish/message');
    expect(error.reason).toMatch(/does not resolve/);
  });

  it('imports a document with only MQTT servers with warnings, never a crash', () => {
    const { definition, warnings } = importDefinition(
      textSource(
        'asyncapi: 2.6.0\ninfo: { title: Lights, version: "1" }\nservers:\n  m: { url: "mqtt://x", protocol: mqtt }\nchannels:\n  light/measured:\n    subscribe:\n      message:\n        schemaFormat: application/vnd.apache.avro;version=1.9.0\n        payload: { type: record, fields: [] }\n',
      ),
    );
    expect(Object.keys(definition.websockets)).toEqual(['light_measured']);
    expect(definition.websockets.light_measured?.environments).toEqual([]);
    expect(definition.websockets.light_measured?.messages[0]?.body).toEqual({ type: 'unknown' });
    expect(warnings.map((w) => w.message).join('\n')).toMatch(/mqtt protocol[\s\S]*avro/);
  });

  it('ignores a 3.0 operation with a bad action or channel', () => {
    const { definition, warnings } = importDefinition(
      textSource(
        'asyncapi: 3.0.0\ninfo: { title: x, version: "1" }\nchannels:\n  c:\n    address: /c\n    messages:\n      m: { payload: { type: string } }\noperations:\n  a: { action: shout, channel: { $ref: "#/channels/c" } }\n  b: { action: send }\n',
      ),
    );
    expect(definition.websockets.c?.messages).toEqual([
      { type: 'm', origin: 'server', body: { type: 'primitive', value: { type: 'string' } } },
    ]);
    expect(warnings.map((w) => w.pointer)).toEqual(
      expect.arrayContaining(['/operations/a/action', '/operations/b/channel']),
    );
  });
});
