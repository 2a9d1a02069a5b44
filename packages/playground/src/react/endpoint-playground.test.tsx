// @vitest-environment happy-dom
/**
 * Mount tests of the two React components: they render from a definition slice, show the
 * sections and cards, and react to dispatches. Behaviour is covered by the headless tests and
 * the Chromium e2e tests; this only proves the views mount and wire up.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../testing/fixture-definition.js';
import { EndpointPlayground } from './endpoint-playground.js';
import { WebSocketPlayground } from './websocket-playground.js';

afterEach(cleanup);

describe('EndpointPlayground', () => {
  it('renders the top bar, form sections and cards of an endpoint', () => {
    render(
      <EndpointPlayground
        apiKeyInjectionBaseUrl={null}
        definition={fixtureDefinition('https://api.example.com')}
        endpointId="getPet"
        mode="hosted"
        proxyBaseUrl=""
        analytics={() => {}}
      />,
    );
    expect(screen.getByText('Send Request')).toBeTruthy();
    expect(screen.getByText('Path Parameters')).toBeTruthy();
    expect(screen.getByText('Query Parameters')).toBeTruthy();
    expect(screen.getByTestId('snippet').textContent).toContain(
      'https://api.example.com/pets/7?fields=name&fields=tag',
    );
    expect(screen.getByText('Send a request to see the response.')).toBeTruthy();
  });

  it('disables Send for localhost in hosted mode with the tooltip, but not in local mode', () => {
    const definition = fixtureDefinition('http://localhost:4010');
    const { unmount } = render(
      <EndpointPlayground
        apiKeyInjectionBaseUrl={null}
        definition={definition}
        endpointId="getPet"
        mode="hosted"
        proxyBaseUrl=""
        analytics={() => {}}
      />,
    );
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('tooltip').textContent).toBe('Cannot send requests to localhost');
    unmount();
    render(
      <EndpointPlayground
        apiKeyInjectionBaseUrl={null}
        definition={definition}
        endpointId="getPet"
        mode="local"
        proxyBaseUrl=""
        analytics={() => {}}
      />,
    );
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('updates the snippet live as the form changes', () => {
    render(
      <EndpointPlayground
        apiKeyInjectionBaseUrl={null}
        definition={fixtureDefinition('https://api.example.com')}
        endpointId="createPet"
        mode="hosted"
        proxyBaseUrl=""
        analytics={() => {}}
      />,
    );
    expect(screen.getByText('Body Parameters')).toBeTruthy();
    const name = screen.getByLabelText('name') as HTMLInputElement;
    act(() => {
      fireEvent.change(name, { target: { value: 'Fido' } });
    });
    expect(screen.getByTestId('snippet').textContent).toContain('"name": "Fido"');
  });

  it('titles a multipart body Multipart Form', () => {
    render(
      <EndpointPlayground
        apiKeyInjectionBaseUrl={null}
        definition={fixtureDefinition('https://api.example.com')}
        endpointId="upload"
        mode="hosted"
        proxyBaseUrl=""
        analytics={() => {}}
      />,
    );
    expect(screen.getByText('Multipart Form')).toBeTruthy();
  });
});

describe('form inputs per type shape', () => {
  it('renders dates, enums, literals, lists, maps, nullable values and both union kinds, and edits them', () => {
    const definition = fixtureDefinition('https://api.example.com');
    const str = { type: 'primitive', value: { type: 'string' } } as const;
    definition.types.Dog = {
      id: 'Dog',
      name: 'Dog',
      shape: { type: 'object', extends: [], properties: [{ key: 'bark', valueShape: str }] },
    };
    definition.types.Cat = {
      id: 'Cat',
      name: 'Cat',
      shape: {
        type: 'object',
        extends: [],
        properties: [{ key: 'lives', valueShape: { type: 'primitive', value: { type: 'integer' } } }],
      },
    };
    definition.types.Pet = {
      id: 'Pet',
      name: 'Pet',
      shape: {
        type: 'discriminatedUnion',
        discriminant: 'kind',
        variants: [
          { discriminantValue: 'dog', typeId: 'Dog' },
          { discriminantValue: 'cat', typeId: 'Cat' },
        ],
      },
    };
    definition.types.IdOrName = {
      id: 'IdOrName',
      name: 'IdOrName',
      shape: {
        type: 'undiscriminatedUnion',
        variants: [
          { shape: { type: 'primitive', value: { type: 'integer' } }, displayName: 'Id' },
          { shape: str, displayName: 'Name' },
        ],
      },
    };
    definition.endpoints.shapes = {
      ...definition.endpoints.createPet!,
      id: 'shapes',
      title: 'Shapes',
      requests: [
        {
          contentType: 'application/json',
          body: {
            type: 'object',
            extends: [],
            properties: [
              { key: 'born', valueShape: { type: 'primitive', value: { type: 'string', format: 'date' } } },
              {
                key: 'seen',
                valueShape: { type: 'primitive', value: { type: 'string', format: 'date-time' } },
              },
              { key: 'version', valueShape: { type: 'literal', value: 'v1' } },
              { key: 'labels', valueShape: { type: 'map', keyShape: str, valueShape: str } },
              { key: 'nick', valueShape: { type: 'nullable', shape: str } },
              { key: 'pet', valueShape: { type: 'id', id: 'Pet' } },
              { key: 'ref', valueShape: { type: 'id', id: 'IdOrName' } },
              { key: 'tags', valueShape: { type: 'set', itemShape: str } },
            ],
          },
        },
      ],
      examples: [],
      auth: [],
    };
    const { container } = render(
      <EndpointPlayground
        apiKeyInjectionBaseUrl={null}
        definition={definition}
        endpointId="shapes"
        mode="hosted"
        proxyBaseUrl=""
        analytics={() => {}}
      />,
    );
    expect(container.querySelector('input[type="date"]')).toBeTruthy();
    expect(container.querySelector('input[type="datetime-local"]')).toBeTruthy();
    expect(screen.getByTitle('version').textContent).toBe('"v1"');
    act(() => {
      fireEvent.change(screen.getByLabelText('pet kind'), { target: { value: 'cat' } });
    });
    expect(screen.getByTestId('snippet').textContent).toContain('"kind": "cat"');
    expect(screen.getByLabelText('pet.lives')).toBeTruthy();
    act(() => {
      fireEvent.change(screen.getByLabelText('ref variant'), { target: { value: '1' } });
    });
    act(() => {
      fireEvent.change(screen.getByLabelText('ref'), { target: { value: 'rex' } });
    });
    expect(screen.getByTestId('snippet').textContent).toContain('"ref": "rex"');
    act(() => {
      fireEvent.click(screen.getByText('null'));
    });
    expect(screen.getByTestId('snippet').textContent).toContain('"nick": null');
    act(() => {
      fireEvent.click(screen.getAllByText('Add entry')[0]!);
    });
    expect(screen.getByLabelText('labels key 1')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getAllByText('Add item')[0]!);
    });
    expect(screen.getByLabelText('tags[0]')).toBeTruthy();
  });
});

describe('WebSocketPlayground', () => {
  it('renders the connect button, the message forms and the Messages panel', () => {
    render(
      <WebSocketPlayground
        definition={fixtureDefinition('https://api.example.com', 'wss://ws.example.com')}
        channelId="chat"
        mode="hosted"
        proxyBaseUrl="https://docs.example.com"
        analytics={() => {}}
      />,
    );
    expect(screen.getByTestId('ws-connect').textContent).toBe('Connect');
    expect(screen.getAllByText('Send message')).toHaveLength(2);
    expect(screen.getByTestId('ws-badge').textContent).toBe('Not connected');
    expect(screen.getByTestId('ws-url').textContent).toBe('/chat/lobby');
  });
});
