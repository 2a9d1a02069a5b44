/**
 * Send what is shown, or say why not (issue #28 item 1): each rule alone, then through the
 * endpoint and channel controllers with a recording fetch (nothing reaches it when blocked).
 */
import { describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { EndpointController } from '../endpoint/endpoint-controller.js';
import { collect } from '../form/form-validation.js';
import { ChannelController } from '../websocket/channel-controller.js';
import { LOCALHOST_DISABLED_TOOLTIP } from './localhost.js';
import {
  invalidJsonReason,
  missingPathReason,
  needsConfirmation,
  parseJsonText,
  sendBlocker,
} from './send-gate.js';

function recording(endpointId: string) {
  const sent: { url: string; init: RequestInit }[] = [];
  const controller = new EndpointController({
    definition: fixtureDefinition('https://upstream.example'),
    endpointId,
    mode: 'local',
    proxyBaseUrl: 'http://proxy.test',
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    },
  });
  return { controller, sent };
}

describe('the rules', () => {
  it('names the empty path parameters', () => {
    expect(missingPathReason([])).toBeUndefined();
    expect(missingPathReason(['widgetId'])).toBe('Fill in the path parameter widgetId');
    expect(missingPathReason(['a', 'b'])).toBe('Fill in the path parameters a, b');
  });
  it('says the body is not valid JSON, with the parser message', () => {
    expect(invalidJsonReason(undefined)).toBeUndefined();
    expect(invalidJsonReason('Unexpected end')).toBe('The body is not valid JSON: Unexpected end');
    const parsed = parseJsonText('{"a":');
    expect(parsed.ok).toBe(false);
    expect(parseJsonText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });
  it('puts the target first, then the body text, then the path', () => {
    expect(sendBlocker({})).toBeUndefined();
    expect(sendBlocker({ missingPathParameters: ['id'], jsonError: 'x' })).toBe(
      'The body is not valid JSON: x',
    );
    expect(sendBlocker({ targetReason: LOCALHOST_DISABLED_TOOLTIP, jsonError: 'x' })).toBe(
      LOCALHOST_DISABLED_TOOLTIP,
    );
  });
  it('asks about a set of problems once', () => {
    const one = collect([
      { prefix: ['body', 'value'], issues: [{ path: ['age'], code: 'type', message: 'x' }] },
    ]);
    expect(needsConfirmation(collect([]), undefined)).toBe(false);
    expect(needsConfirmation(one, undefined)).toBe(true);
    expect(needsConfirmation(one, '["body","value","age"]')).toBe(false);
  });
});

describe('the endpoint controller', () => {
  it('disables Send while the JSON editor holds invalid JSON; the last valid body is never sent', async () => {
    const { controller, sent } = recording('createPet');
    controller.form.setBodyText('{"name": "Rex", "kind": "cat"}');
    expect(controller.sendDisabledReason()).toBeUndefined();
    controller.form.setBodyText('{"name": "Rex", "kind": ');
    expect(controller.sendDisabledReason()).toMatch(/^The body is not valid JSON: /);
    expect(await controller.requestSend()).toBe('blocked');
    await controller.send();
    expect(sent).toHaveLength(0);
    // Clear form replaces the body from outside the editor: its text is dropped, Send is back.
    const revision = controller.form.bodyText.getState().revision;
    controller.form.clear();
    expect(controller.form.bodyText.getState()).toEqual({ jsonError: undefined, revision: revision + 1 });
    expect(controller.sendDisabledReason()).toBeUndefined();
  });

  it('leaving the JSON editor drops its unparsed text', () => {
    const { controller } = recording('createPet');
    controller.form.setBodyText('{');
    controller.form.closeBodyText();
    expect(controller.sendDisabledReason()).toBeUndefined();
    expect(controller.form.getState().body).toEqual({ type: 'json', value: { name: 'Rex', kind: 'dog' } });
  });

  it('disables Send while a required path parameter is empty: never sent as :name', async () => {
    const { controller, sent } = recording('getPet');
    controller.form.setParameter('pathParameters', 'petId', '');
    expect(controller.sendDisabledReason()).toBe('Fill in the path parameter petId');
    expect(await controller.requestSend()).toBe('blocked');
    expect(sent).toHaveLength(0);
    // The preview still shows where the value goes (SPEC §5).
    expect(controller.snippet('curl')).toContain('/pets/:petId');
    controller.form.setParameter('pathParameters', 'petId', 9);
    expect(await controller.requestSend()).toBe('sent');
    expect(sent[0]?.url).toBe(
      'http://proxy.test/proxy/https://upstream.example/pets/9?fields=name&fields=tag',
    );
  });

  it('asks once before sending fields flagged invalid ("Send anyway")', async () => {
    const { controller, sent } = recording('createPet');
    controller.form.setBodyValue(['age'], 'old');
    expect(controller.form.validation().count).toBe(1);
    expect(await controller.requestSend()).toBe('confirm');
    expect(controller.view.getState().confirmingSend).toBe(true);
    expect(sent).toHaveLength(0);
    expect(await controller.confirmSend()).toBe('sent');
    expect(sent).toHaveLength(1);
    // The same problems are not asked about again; a new one is.
    expect(await controller.requestSend()).toBe('sent');
    controller.form.setBodyValue(['kind'], 'fish');
    expect(await controller.requestSend()).toBe('confirm');
    // An edit answers the question.
    controller.form.setBodyValue(['kind'], 'cat');
    expect(controller.view.getState().confirmingSend).toBe(false);
  });

  it('the preview and Send carry the same request', async () => {
    const { controller, sent } = recording('createPet');
    await controller.requestSend();
    const built = controller.built();
    expect(built.body.type).toBe('json');
    const text = built.body.type === 'json' ? built.body.text : '';
    expect(sent[0]?.init.body).toBe(text);
    expect(controller.snippet('curl')).toContain(text.split('\n')[1]);
  });
});

describe('the channel controller', () => {
  it('disables Connect while a required path parameter is empty: never connects to /chat/:room', async () => {
    const opened: string[] = [];
    const controller = new ChannelController({
      definition: fixtureDefinition('https://upstream.example', 'wss://ws.example'),
      channelId: 'chat',
      proxyBaseUrl: 'http://proxy.test',
      createSocket: (url) => {
        opened.push(url);
        throw new Error('not in this test');
      },
    });
    expect(controller.connectDisabledReason('local')).toBeUndefined();
    controller.setParameter('pathParameters', 'room', '');
    expect(controller.connectDisabledReason('local')).toBe('Fill in the path parameter room');
    await controller.toggle('local');
    expect(await controller.send('say', 'local')).toBe(false);
    expect(opened).toHaveLength(0);
    expect(controller.session.getState().connection).toBe('closed');
  });
});
