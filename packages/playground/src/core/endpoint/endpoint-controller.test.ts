/**
 * The endpoint controller end to end without a DOM: the request built by @sextant/request goes
 * through a real HTTP "proxy" (the fixture server strips `/proxy/{origin}`), credentials reach
 * it, history keeps no secrets, localhost is refused in hosted mode, the OAuth login succeeds,
 * fails or falls back, and the docs site's injected token is applied and cleared.
 */
import { waitFor } from '@sextant/definition/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { type FixtureServer, startFixtureServer } from '../../testing/http-fixture-server.js';
import { ApiKeyInjectionStore } from '../auth/api-key-injection.js';
import { OAUTH_LOGIN_FAILED } from '../auth/auth-store.js';
import { LOCALHOST_DISABLED_TOOLTIP } from '../request/localhost.js';
import type { PlaygroundAnalyticsEvent } from '../shared/analytics.js';
import { EndpointController } from './endpoint-controller.js';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const upstream = 'https://upstream.example';

function controller(options: Partial<ConstructorParameters<typeof EndpointController>[0]> = {}) {
  return new EndpointController({
    definition: fixtureDefinition(upstream),
    endpointId: 'getPet',
    mode: 'hosted',
    proxyBaseUrl: server.url,
    analytics: () => {},
    ...options,
  });
}

/** A Ruby SDK template of GET /pets/{petId} (registry JSON). */
const RUBY_TEMPLATE = {
  sdk: { language: 'ruby', package: 'pets', version: '1.0.0' },
  endpointId: { method: 'GET', path: '/pets/{petId}' },
  snippetTemplate: {
    type: 'v1',
    clientInstantiation: {
      type: 'generic',
      templateString: 'client = Pets::Client.new(token: $INPUT)',
      templateInputs: [{ type: 'payload', value: { location: 'AUTH', path: 'token' } }],
    },
    functionInvocation: {
      type: 'generic',
      templateString: 'client.pets.get($INPUT)',
      templateInputs: [{ type: 'payload', value: { location: 'PATH', path: 'petId' } }],
    },
  },
};

describe('EndpointController', () => {
  it('sends the built request through the proxy with the bearer token and records history without it', async () => {
    const events: PlaygroundAnalyticsEvent[] = [];
    const c = controller({ analytics: (e) => events.push(e) });
    c.auth.setBearerToken('secret-token');
    c.form.setParameter('headers', 'X-Trace', 'abc');
    expect(c.built().url).toBe(`${upstream}/pets/7?fields=name&fields=tag`);
    expect(c.snippet('curl')).not.toContain('secret-token');
    await c.send();
    const seen = server.requests.at(-1);
    expect(seen?.url).toBe('/pets/7?fields=name&fields=tag');
    expect(seen?.headers.authorization).toBe('Bearer secret-token');
    expect(seen?.headers['x-trace']).toBe('abc');
    expect(String(seen?.headers['x-sextant-proxy-request-headers']).toLowerCase()).toContain('authorization');
    const state = c.request.getState();
    expect(state.status === 'loaded' && state.response.type === 'json' && state.response.body).toMatchObject({
      id: 7,
    });
    expect(c.view.getState().mobileTab).toBe('response');
    expect(c.history.getState()).toHaveLength(1);
    expect(JSON.stringify(c.history.getState())).not.toContain('secret-token');
    expect(JSON.stringify(events)).not.toContain('secret-token');
  });

  it('refuses localhost targets in hosted mode and allows them in local mode', async () => {
    const hosted = controller({ definition: fixtureDefinition('http://localhost:4010') });
    expect(hosted.sendDisabledReason()).toBe(LOCALHOST_DISABLED_TOOLTIP);
    const before = server.requests.length;
    await hosted.send();
    expect(server.requests.length).toBe(before);
    expect(hosted.request.getState().status).toBe('not-started');
    const local = controller({ definition: fixtureDefinition('http://localhost:4010'), mode: 'local' });
    expect(local.sendDisabledReason()).toBeUndefined();
  });

  it('sends basic auth and a JSON body built from the form', async () => {
    const c = controller({ endpointId: 'createPet' });
    c.auth.setBasic('username', 'ada');
    c.auth.setBasic('password', 'pw');
    c.form.setBodyValue(['name'], 'Fido');
    await c.send();
    const seen = server.requests.at(-1);
    expect(seen?.headers.authorization).toBe(`Basic ${btoa('ada:pw')}`);
    expect(JSON.parse(seen?.body ?? '{}')).toEqual({ name: 'Fido', kind: 'dog' });
  });

  it('logs in with OAuth client credentials through the proxy and uses the token', async () => {
    const c = controller({ endpointId: 'events' });
    c.auth.setOAuthField('clientId', 'good');
    c.auth.setOAuthField('clientSecret', 'secret');
    expect(await c.oauthLogin()).toBe(true);
    const tokenRequest = server.requests.at(-1);
    expect(tokenRequest?.url).toBe('/oauth/token');
    expect(c.auth.getState().oauth).toMatchObject({ accessToken: 'token-123', isLoggedIn: true });
    expect(c.built().headers.Authorization).toBe('Bearer token-123');
  });

  it('asks for the scopes the reader ticked (all until one is unticked)', async () => {
    const definition = fixtureDefinition(upstream);
    const oauth = definition.auths.oauth;
    if (oauth?.type !== 'oAuth') throw new Error('fixture has no OAuth scheme');
    oauth.value.scopes = [{ name: 'read' }, { name: 'write' }, { name: 'admin' }];
    const c = controller({ endpointId: 'events', definition });
    c.auth.setOAuthField('clientId', 'good');
    c.auth.setOAuthField('clientSecret', 'secret');
    await c.oauthLogin();
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}').scope).toBe('read write admin');
    c.auth.toggleOAuthScope('write', ['read', 'write', 'admin']);
    c.auth.toggleOAuthScope('admin', ['read', 'write', 'admin']);
    c.auth.toggleOAuthScope('admin', ['read', 'write', 'admin']);
    expect(c.auth.getState().oauth.scopes).toEqual(['read', 'admin']);
    await c.oauthLogin();
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}').scope).toBe('read admin');
  });

  it("shows the login failure message for wrong credentials, with the server's reason", async () => {
    const c = controller({ endpointId: 'events' });
    c.auth.setOAuthField('clientId', 'bad');
    expect(await c.oauthLogin()).toBe(false);
    expect(c.auth.getState().oauth.error).toBe(`${OAUTH_LOGIN_FAILED}: invalid_client (401 Unauthorized)`);
    expect(c.view.getState().oauthFallback).toBe(false);
  });

  /** The fixture's token endpoint moved to `path` (the fixture server answers 404 there, or 500 at /error). */
  function movedTokenEndpoint(path: string, baseUrl = upstream) {
    const definition = fixtureDefinition(upstream);
    const token = definition.endpoints.token;
    if (!token) throw new Error('fixture has no token endpoint');
    definition.endpoints.token = {
      ...token,
      path: [{ type: 'literal', value: path }],
      environments: [{ id: 'token', baseUrl }],
    };
    return definition;
  }

  it.each([
    ['/oauth/missing', 'The token endpoint answered 404 Not Found (https://upstream.example/oauth/missing)'],
    ['/error', 'The token endpoint answered 500 Internal Server Error (https://upstream.example/error)'],
    ['/pets/token', "The token endpoint's answer has no access token at $.access_token"],
  ])(
    'a token endpoint at %s fails with its real error and the card offers the bearer input',
    async (path, message) => {
      const c = controller({ endpointId: 'events', definition: movedTokenEndpoint(path) });
      c.auth.setOAuthField('clientId', 'good');
      c.auth.setOAuthField('clientSecret', 'secret');
      expect(await c.oauthLogin()).toBe(false);
      expect(c.auth.getState().oauth.error).toBe(message);
      expect(c.view.getState()).toMatchObject({ oauthFallback: true, oauthFallbackReason: message });
      expect(c.auth.getState().oauth.selectedInputMethod).toBe('token');
      c.auth.setUserSuppliedToken('pasted');
      expect(c.built().headers.Authorization).toBe('Bearer pasted');
    },
  );

  it('an unreachable token endpoint names its address and the cause', async () => {
    const c = controller({
      endpointId: 'events',
      definition: movedTokenEndpoint('/oauth/token'),
      proxyBaseUrl: 'http://127.0.0.1:9',
    });
    c.auth.setOAuthField('clientId', 'good');
    expect(await c.oauthLogin()).toBe(false);
    expect(c.auth.getState().oauth.error).toMatch(
      /^Could not reach the token endpoint \(https:\/\/upstream\.example\/oauth\/token\): /,
    );
    expect(c.view.getState().oauthFallback).toBe(true);
  });

  it("a token URL that is not an endpoint of the API (the importer's stand-in) starts on the bearer input", async () => {
    const definition = movedTokenEndpoint('/token', 'https://login.elsewhere.example');
    const token = definition.endpoints.token;
    if (token) token.synthetic = true;
    const c = controller({ endpointId: 'events', definition });
    await c.checkOAuthFallback();
    expect(c.view.getState()).toMatchObject({
      oauthFallback: true,
      oauthFallbackReason:
        'The token URL https://login.elsewhere.example/token is not an endpoint of this API: paste an access token.',
    });
    expect(c.auth.getState().oauth.selectedInputMethod).toBe('token');
  });

  it('falls back to a plain bearer input when the token endpoint is missing or fails to load', async () => {
    const definition = fixtureDefinition(upstream);
    delete definition.endpoints.token;
    const c = controller({
      definition,
      endpointId: 'events',
      resolveEndpoint: async () => Promise.reject(new Error('down')),
    });
    await c.checkOAuthFallback();
    expect(c.view.getState().oauthFallback).toBe(true);
    expect(c.auth.getState().oauth.selectedInputMethod).toBe('token');
    c.auth.setUserSuppliedToken('pasted');
    expect(c.built().headers.Authorization).toBe('Bearer pasted');
  });

  it('follows the docs site login: the injected token is applied, and cleared on logout', async () => {
    let config: object = {
      enabled: true,
      authenticated: true,
      access_token: 'injected',
      authorizationUrl: '/login',
    };
    const injection = new ApiKeyInjectionStore({
      fetch: (async () =>
        new Response(JSON.stringify(config), {
          headers: { 'content-type': 'application/json' },
        })) as typeof fetch,
    });
    const c = controller();
    const stop = c.followInjection(injection);
    await injection.refresh();
    expect(c.built().headers.Authorization).toBe('Bearer injected');
    config = { enabled: true, authenticated: false, authorizationUrl: '/login' };
    await injection.refresh();
    expect(c.built().headers.Authorization).toBeUndefined();
    stop();
  });

  it('keeps a token the reader typed when the docs login refreshes, and only takes back what it filled', async () => {
    let config: object = { enabled: true, authenticated: false, authorizationUrl: '/login' };
    const injection = new ApiKeyInjectionStore({
      fetch: (async () =>
        new Response(JSON.stringify(config), {
          headers: { 'content-type': 'application/json' },
        })) as typeof fetch,
    });
    const c = controller();
    const stop = c.followInjection(injection);
    await injection.refresh();
    c.auth.setBearerToken('typed');
    await injection.refresh();
    expect(c.built().headers.Authorization).toBe('Bearer typed');
    config = { enabled: true, authenticated: true, access_token: 'injected', authorizationUrl: '/login' };
    await injection.refresh();
    expect(c.built().headers.Authorization).toBe('Bearer typed');
    stop();
  });

  it('refuses a malformed base URL before sending and names it', async () => {
    const c = controller();
    c.setBaseUrl('htp//upstream.example');
    await c.send();
    expect(c.request.getState()).toMatchObject({ status: 'failed', failure: 'input' });
    const state = c.request.getState();
    expect(state.status === 'failed' && state.error).toContain(
      '"htp//upstream.example" is not an absolute URL',
    );
    expect(c.history.getState()).toEqual([]);
  });

  it('resolves a relative server (the registry\'s own "/") on the page origin', () => {
    const definition = fixtureDefinition('/');
    const c = new EndpointController({
      definition,
      endpointId: 'getPet',
      mode: 'hosted',
      proxyBaseUrl: '',
      pageOrigin: 'https://docs.example.com',
    });
    expect(c.view.getState().baseUrl).toBe('https://docs.example.com');
    expect(c.built().url.startsWith('https://docs.example.com/pets/')).toBe(true);
  });

  it('offers SDK languages from snippet templates, keeps TypeScript / Python as fetch / requests, and reports bad templates', () => {
    const template = {
      sdk: { language: 'go', package: 'demo', version: '1.0.0' },
      endpointId: { method: 'POST', path: '/pets' },
      snippetTemplate: {
        type: 'v1',
        clientInstantiation: {
          type: 'generic',
          templateString: 'client := demo.NewClient()',
          templateInputs: [],
        },
        functionInvocation: {
          type: 'generic',
          templateString: 'client.CreatePet($INPUT)',
          templateInputs: [{ type: 'payload', value: { location: 'BODY', path: 'name' } }],
        },
      },
    };
    const c = controller({
      endpointId: 'createPet',
      features: { sdkSnippets: true },
      snippetTemplates: [template],
    });
    expect(c.languages().map((l) => l.id)).toEqual(['curl', 'typescript', 'python', 'go']);
    c.form.setBodyValue(['name'], 'Fido');
    expect(c.snippet('go')).toContain('client.CreatePet("Fido")');
    expect(c.snippet('typescript')).toContain('await fetch(');
    expect(controller({ endpointId: 'createPet' }).languages()).toHaveLength(3);
    const broken = controller({
      endpointId: 'createPet',
      features: { sdkSnippets: true },
      snippetTemplates: { not: 'a list' },
    });
    expect(broken.view.getState().sdkError).toBe('Failed to create snippet generators');
    expect(broken.languages()).toHaveLength(3);
    const head = fixtureDefinition(upstream);
    head.endpoints.getPet = { ...head.endpoints.getPet!, method: 'HEAD' };
    expect(
      controller({
        definition: head,
        features: { sdkSnippets: true },
        snippetTemplates: [template],
      }).hasRequestPreview(),
    ).toBe(false);
    expect(controller({ definition: head }).hasRequestPreview()).toBe(true);
  });

  it('edits server variables and the base URL, and the request and snippet follow', () => {
    const definition = fixtureDefinition(upstream);
    const regional = {
      id: 'https://eu.pets.example/v1',
      baseUrl: 'https://eu.pets.example/v1',
      urlTemplate: 'https://{region}.pets.example/{version}',
      variables: [
        { name: 'region', default: 'eu', enum: ['eu', 'us'] },
        { name: 'version', default: 'v1' },
      ],
    };
    const getPet = definition.endpoints.getPet;
    if (!getPet) throw new Error('fixture');
    getPet.environments = [regional, { id: 'local', baseUrl: 'http://localhost:4010' }];
    const c = controller({ definition });
    expect(c.view.getState()).toMatchObject({ variables: { region: 'eu', version: 'v1' } });
    c.setVariable('region', 'us');
    c.setVariable('version', 'v2');
    expect(c.built().url).toBe('https://us.pets.example/v2/pets/7?fields=name&fields=tag');
    expect(c.snippet('curl')).toContain('https://us.pets.example/v2/pets/7');
    c.selectEnvironment('local');
    expect(c.view.getState()).toMatchObject({ variables: {}, baseUrl: 'http://localhost:4010' });
    expect(c.sendDisabledReason()).toBe(LOCALHOST_DISABLED_TOOLTIP);
    c.setBaseUrl('https://staging.pets.example');
    expect(c.built().url.startsWith('https://staging.pets.example/pets/7')).toBe(true);
    expect(c.sendDisabledReason()).toBeUndefined();
    c.selectEnvironment(regional.id);
    expect(c.built().url.startsWith('https://eu.pets.example/v1/pets/7')).toBe(true);
  });

  it('adds SDK languages when templates arrive later, and keeps auth values out of SDK snippets', () => {
    const c = controller();
    expect(c.languages().map((l) => l.label)).toEqual(['cURL', 'TypeScript', 'Python']);
    c.setSnippetTemplates([RUBY_TEMPLATE]);
    expect(c.languages().map((l) => l.label)).toEqual(['cURL', 'TypeScript', 'Python', 'Ruby']);
    c.auth.setBearerToken('secret-token');
    c.view.set({ language: 'ruby' });
    const snippet = c.snippet();
    expect(snippet).toMatch(/client\.pets\.get\("?7"?\)/);
    expect(snippet).toContain('<token>');
    expect(snippet).not.toContain('secret-token');
    c.setSnippetTemplatesError('SDK snippets are unavailable: down');
    expect(c.view.getState().sdkError).toBe('SDK snippets are unavailable: down');
    c.setSnippetTemplates([]);
    expect(c.languages()).toHaveLength(3);
    expect(c.view.getState().language).toBe('curl');
    const off = controller({ features: { sdkSnippets: false } });
    off.setSnippetTemplates([RUBY_TEMPLATE]);
    expect(off.languages()).toHaveLength(3);
  });

  it('loads SDK snippet templates, shows a failed load, and ignores an answer that comes too late', async () => {
    const loaded = controller();
    loaded.loadSnippetTemplates(async () => [RUBY_TEMPLATE]);
    await waitFor(() => loaded.languages().some((l) => l.label === 'Ruby'), { message: 'Ruby loaded' });

    const failed = controller();
    failed.loadSnippetTemplates(async () => {
      throw new Error('the docs host answered 503');
    });
    await waitFor(() => failed.view.getState().sdkError, { message: 'the load error' });
    expect(failed.view.getState().sdkError).toBe('SDK snippets are unavailable: the docs host answered 503');

    const late = controller();
    let answer: (value: unknown) => void = () => {};
    const cancel = late.loadSnippetTemplates(() => new Promise((resolve) => (answer = resolve)));
    cancel();
    answer([RUBY_TEMPLATE]);
    // A negative: one turn of the event loop is when a late answer would have landed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(late.languages()).toHaveLength(3);
  });

  it('rejects an endpoint id the slice does not hold', () => {
    expect(() => controller({ endpointId: 'nope' })).toThrow(/Failed to find endpoint identified by nope/);
  });
});
