/** SDK snippet templates: every template kind and payload location in all eight languages, and every SPEC §8 snippet error. */
import { describe, expect, it } from 'vitest';
import {
  EndpointNotFoundError,
  InvalidEndpointReferenceError,
  NoDefaultExampleError,
  NoLanguageConfigurationError,
  NoSdkSnippetError,
  SnippetError,
  SnippetGenerationError,
  SnippetGeneratorsError,
  UnsupportedLanguageError,
} from '../errors.js';
import { definition, headPets, listPets } from '../testing/fixtures.js';
import { parseEndpointReference } from './endpoint-reference.js';
import { resolveSnippetTemplate, type SnippetPayload } from './resolve-template.js';
import { createSnippetGenerators, hasRequestPreview } from './snippet-generators.js';
import {
  type EndpointSnippetTemplate,
  SDK_LANGUAGES,
  type SdkLanguage,
  snippetTemplatesSchema,
  type Template,
} from './template-schema.js';

interface Syntax {
  imports: string[];
  client: string;
  call: string;
  request: string;
  delimiter: string;
  field: (key: string) => string;
  list: string;
  dict: string;
  key: string;
  kv: string;
  value: string;
  dog: string;
  cat: string;
  bark: string;
  weight: string;
}

const SYNTAX: Record<SdkLanguage, Syntax> = {
  typescript: {
    imports: ['import { PetstoreClient } from "petstore";'],
    client: 'const client = new PetstoreClient({ token: $INPUT });',
    call: 'await client.pets.update($INPUT);',
    request: '{ $INPUT }',
    delimiter: ', ',
    field: (k) => `${k}: $INPUT`,
    list: '[$INPUT]',
    dict: '{ $INPUT }',
    key: '$INPUT',
    kv: ': ',
    value: '$INPUT',
    dog: 'Kind.Dog',
    cat: 'Kind.Cat',
    bark: '{ type: "dog", bark: $INPUT }',
    weight: 'weight($INPUT)',
  },
  python: {
    imports: ['from petstore import Petstore'],
    client: 'client = Petstore(token=$INPUT)',
    call: 'client.pets.update($INPUT)',
    request: '$INPUT',
    delimiter: ', ',
    field: (k) => `${k}=$INPUT`,
    list: '[$INPUT]',
    dict: '{$INPUT}',
    key: '$INPUT',
    kv: ': ',
    value: '$INPUT',
    dog: 'Kind.DOG',
    cat: 'Kind.CAT',
    bark: 'PetDog(bark=$INPUT)',
    weight: 'weight($INPUT)',
  },
  java: {
    imports: ['import com.petstore.PetstoreClient;', 'import java.util.List;'],
    client: 'PetstoreClient client = PetstoreClient.builder().token($INPUT).build();',
    call: 'client.pets().update($INPUT);',
    request: 'UpdatePetRequest.builder()$INPUT.build()',
    delimiter: '',
    field: (k) => `.${k}($INPUT)`,
    list: 'List.of($INPUT)',
    dict: 'Map.of($INPUT)',
    key: '$INPUT',
    kv: ', ',
    value: '$INPUT',
    dog: 'Kind.DOG',
    cat: 'Kind.CAT',
    bark: 'Pet.dog(Dog.builder().bark($INPUT).build())',
    weight: 'Weight.of($INPUT)',
  },
  ruby: {
    imports: ['require "petstore"'],
    client: 'client = Petstore::Client.new(token: $INPUT)',
    call: 'client.pets.update($INPUT)',
    request: '$INPUT',
    delimiter: ', ',
    field: (k) => `${k}: $INPUT`,
    list: '[$INPUT]',
    dict: '{ $INPUT }',
    key: '$INPUT',
    kv: ' => ',
    value: '$INPUT',
    dog: 'Petstore::Kind::DOG',
    cat: 'Petstore::Kind::CAT',
    bark: '{ type: "dog", bark: $INPUT }',
    weight: '$INPUT',
  },
  csharp: {
    imports: ['using Petstore;'],
    client: 'var client = new PetstoreClient($INPUT);',
    call: 'await client.Pets.UpdateAsync($INPUT);',
    request: 'new UpdatePetRequest { $INPUT }',
    delimiter: ', ',
    field: (k) => `${k[0]?.toUpperCase()}${k.slice(1)} = $INPUT`,
    list: 'new List<string>() { $INPUT }',
    dict: 'new Dictionary<string, string>() { $INPUT }',
    key: '{ $INPUT',
    kv: ', ',
    value: '$INPUT }',
    dog: 'Kind.Dog',
    cat: 'Kind.Cat',
    bark: 'new Dog { Bark = $INPUT }',
    weight: '$INPUT',
  },
  go: {
    imports: ['import petstoreclient "github.com/petstore/go/client"'],
    client: 'client := petstoreclient.NewClient(option.WithToken($INPUT))',
    call: 'response, err := client.Pets.Update(context.TODO(), $INPUT)',
    request: '&petstore.UpdatePetRequest{$INPUT}',
    delimiter: ', ',
    field: (k) => `${k[0]?.toUpperCase()}${k.slice(1)}: $INPUT`,
    list: '[]string{$INPUT}',
    dict: 'map[string]string{$INPUT}',
    key: '$INPUT',
    kv: ': ',
    value: '$INPUT',
    dog: 'petstore.KindDog',
    cat: 'petstore.KindCat',
    bark: '&petstore.Pet{Dog: &petstore.Dog{Bark: $INPUT}}',
    weight: '$INPUT',
  },
  php: {
    imports: ['use Petstore\\PetstoreClient;'],
    client: '$client = new PetstoreClient(token: $INPUT);',
    call: '$client->pets->update($INPUT);',
    request: 'new UpdatePetRequest([$INPUT])',
    delimiter: ', ',
    field: (k) => `'${k}' => $INPUT`,
    list: '[$INPUT]',
    dict: '[$INPUT]',
    key: '$INPUT',
    kv: ' => ',
    value: '$INPUT',
    dog: 'Kind::Dog->value',
    cat: 'Kind::Cat->value',
    bark: "Pet::dog(new Dog(['bark' => $INPUT]))",
    weight: '$INPUT',
  },
  swift: {
    imports: ['import Petstore'],
    client: 'let client = PetstoreClient(token: $INPUT)',
    call: 'try await client.pets.update($INPUT)',
    request: '.init($INPUT)',
    delimiter: ', ',
    field: (k) => `${k}: $INPUT`,
    list: '[$INPUT]',
    dict: '[$INPUT]',
    key: '$INPUT',
    kv: ': ',
    value: '$INPUT',
    dog: '.dog',
    cat: '.cat',
    bark: '.dog(Dog(bark: $INPUT))',
    weight: '.number($INPUT)',
  },
};

const rel = { location: 'RELATIVE' as const };
const at = (location: 'BODY' | 'QUERY' | 'PATH' | 'HEADERS' | 'AUTH', path: string) => ({ location, path });
const generic = (
  templateString: string,
  inputs: Template['type'] extends never
    ? never
    : { location: 'BODY' | 'QUERY' | 'PATH' | 'HEADERS' | 'RELATIVE' | 'AUTH'; path?: string }[],
  extra: Partial<Template> = {},
): Template =>
  ({
    type: 'generic',
    templateString,
    templateInputs: inputs.map((value) => ({ type: 'payload', value })),
    ...extra,
  }) as Template;

/** Every template kind and payload location, written in one language's syntax. */
function templateFor(language: SdkLanguage, path = '/pets/{petId}'): EndpointSnippetTemplate {
  const s = SYNTAX[language];
  const fields: Template[] = [
    generic(s.field('limit'), [at('QUERY', 'limit')], { isOptional: true }),
    generic(s.field('requestId'), [at('HEADERS', 'X-Request-Id')]),
    generic(s.field('name'), [at('BODY', 'name')]),
    {
      type: 'enum',
      templateString: s.field('kind'),
      values: { dog: s.dog, cat: s.cat },
      templateInput: at('BODY', 'kind'),
    },
    {
      type: 'iterable',
      containerTemplateString: s.field('tags').replace('$INPUT', s.list),
      delimiter: ', ',
      innerTemplate: generic('$INPUT', [rel]),
      templateInput: at('BODY', 'tags'),
    },
    {
      type: 'dict',
      containerTemplateString: s.field('meta').replace('$INPUT', s.dict),
      delimiter: ', ',
      keyValueSeparator: s.kv,
      keyTemplate: generic(s.key, [rel]),
      valueTemplate: generic(s.value, [rel]),
      templateInput: at('BODY', 'meta'),
    },
    {
      type: 'discriminatedUnion',
      templateString: s.field('pet'),
      discriminantField: 'type',
      members: { dog: generic(s.bark, [{ location: 'RELATIVE', path: 'bark' }]), cat: generic('"cat"', []) },
      templateInput: at('BODY', 'pet'),
    },
    {
      type: 'union_v2',
      templateString: s.field('weight'),
      members: [
        { type: { kind: 'string' }, template: generic('$INPUT', [rel]) },
        { type: { kind: 'number' }, template: generic(s.weight, [rel]) },
      ],
      templateInput: at('BODY', 'weight'),
    },
    generic(s.field('nickname'), [at('BODY', 'nickname')], { isOptional: true }),
  ];
  return {
    sdk: { language, package: 'petstore', version: '1.0.0' },
    endpointId: { method: 'PUT', path },
    snippetTemplate: {
      type: 'v1',
      clientInstantiation: generic(s.client, [at('AUTH', 'token')], { imports: s.imports.slice(0, 1) }),
      functionInvocation: {
        type: 'generic',
        templateString: s.call,
        imports: s.imports.slice(1),
        templateInputs: [
          { type: 'payload', value: at('PATH', 'petId') },
          {
            type: 'template',
            value: {
              type: 'generic',
              templateString: s.request,
              inputDelimiter: s.delimiter,
              templateInputs: fields.map((value) => ({ type: 'template', value })),
            },
          },
        ],
      },
    },
  };
}

const payload: SnippetPayload = {
  pathParameters: { petId: '42' },
  queryParameters: { limit: 10 },
  headers: { 'X-Request-Id': 'r-1' },
  requestBody: {
    name: 'Rex $1 #{x}',
    kind: 'dog',
    tags: ['a', 'b'],
    meta: { color: 'red' },
    pet: { type: 'dog', bark: true },
    weight: 3.5,
  },
  auth: { token: 'tok' },
};

const EXPECTED: Record<SdkLanguage, string> = {
  typescript: `import { PetstoreClient } from "petstore";

const client = new PetstoreClient({ token: "tok" });

await client.pets.update("42", { limit: 10, requestId: "r-1", name: "Rex $1 #{x}", kind: Kind.Dog, tags: ["a", "b"], meta: { "color": "red" }, pet: { type: "dog", bark: true }, weight: weight(3.5) });`,
  python: `from petstore import Petstore

client = Petstore(token="tok")

client.pets.update("42", limit=10, requestId="r-1", name="Rex $1 #{x}", kind=Kind.DOG, tags=["a", "b"], meta={"color": "red"}, pet=PetDog(bark=True), weight=weight(3.5))`,
  java: `import com.petstore.PetstoreClient;
import java.util.List;

PetstoreClient client = PetstoreClient.builder().token("tok").build();

client.pets().update("42", UpdatePetRequest.builder().limit(10).requestId("r-1").name("Rex $1 #{x}").kind(Kind.DOG).tags(List.of("a", "b")).meta(Map.of("color", "red")).pet(Pet.dog(Dog.builder().bark(true).build())).weight(Weight.of(3.5)).build());`,
  ruby: `require "petstore"

client = Petstore::Client.new(token: "tok")

client.pets.update("42", limit: 10, requestId: "r-1", name: "Rex $1 \\#{x}", kind: Petstore::Kind::DOG, tags: ["a", "b"], meta: { "color" => "red" }, pet: { type: "dog", bark: true }, weight: 3.5)`,
  csharp: `using Petstore;

var client = new PetstoreClient("tok");

await client.Pets.UpdateAsync("42", new UpdatePetRequest { Limit = 10, RequestId = "r-1", Name = "Rex $1 #{x}", Kind = Kind.Dog, Tags = new List<string>() { "a", "b" }, Meta = new Dictionary<string, string>() { { "color", "red" } }, Pet = new Dog { Bark = true }, Weight = 3.5 });`,
  go: `import petstoreclient "github.com/petstore/go/client"

client := petstoreclient.NewClient(option.WithToken("tok"))

response, err := client.Pets.Update(context.TODO(), "42", &petstore.UpdatePetRequest{Limit: 10, RequestId: "r-1", Name: "Rex $1 #{x}", Kind: petstore.KindDog, Tags: []string{"a", "b"}, Meta: map[string]string{"color": "red"}, Pet: &petstore.Pet{Dog: &petstore.Dog{Bark: true}}, Weight: 3.5})`,
  php: `use Petstore\\PetstoreClient;

$client = new PetstoreClient(token: "tok");

$client->pets->update("42", new UpdatePetRequest(['limit' => 10, 'requestId' => "r-1", 'name' => "Rex \\$1 #{x}", 'kind' => Kind::Dog->value, 'tags' => ["a", "b"], 'meta' => ["color" => "red"], 'pet' => Pet::dog(new Dog(['bark' => true])), 'weight' => 3.5]));`,
  swift: `import Petstore

let client = PetstoreClient(token: "tok")

try await client.pets.update("42", .init(limit: 10, requestId: "r-1", name: "Rex $1 #{x}", kind: .dog, tags: ["a", "b"], meta: ["color": "red"], pet: .dog(Dog(bark: true)), weight: .number(3.5)))`,
};

describe('template resolution in all eight languages', () => {
  it.each(SDK_LANGUAGES)('%s: every template kind and payload location', (language) => {
    const template = snippetTemplatesSchema.parse([templateFor(language)])[0];
    if (!template) throw new Error('no template');
    expect(resolveSnippetTemplate(template, payload)).toBe(EXPECTED[language]);
  });

  it('leaves out optional templates with no value and keeps the rest', () => {
    const template = templateFor('python');
    const out = resolveSnippetTemplate(template, { ...payload, queryParameters: {} });
    expect(out).toContain('client.pets.update("42", requestId="r-1"');
  });
  it('selects the discriminated-union member by the discriminant, and union_v2 members by the value', () => {
    const template = templateFor('swift');
    const out = resolveSnippetTemplate(template, {
      ...payload,
      requestBody: { ...(payload.requestBody as object), pet: { type: 'cat' }, weight: 'heavy' },
    });
    expect(out).toContain('pet: "cat", weight: "heavy"');
  });
  it('fails on an enum value the template does not know, a missing required value, and a bad path', () => {
    const template = templateFor('go');
    expect(() =>
      resolveSnippetTemplate(template, {
        ...payload,
        requestBody: { ...(payload.requestBody as object), kind: 'bird' },
      }),
    ).toThrow('"bird" is not one of the enum\'s values');
    expect(() => resolveSnippetTemplate(template, { ...payload, requestBody: { name: 'x' } })).toThrow(
      'missing enum value at BODY.kind',
    );
    const bad: EndpointSnippetTemplate = {
      ...template,
      snippetTemplate: {
        type: 'v1',
        clientInstantiation: '',
        functionInvocation: generic('f($INPUT)', [at('BODY', 'a..b')]),
      },
    };
    expect(() => resolveSnippetTemplate(bad, payload)).toThrow('invalid payload path "a..b"');
  });
});

describe('endpoint references', () => {
  it.each(['GET /pets', 'POST /pets/{petId}/photo', 'DELETE /a_b-c/{x}', 'PATCH /v2/Items9'])(
    'accepts %s',
    (ref) => {
      expect(() => parseEndpointReference(ref)).not.toThrow();
    },
  );
  it.each([
    'HEAD /pets',
    'get /pets',
    'GET  /pets',
    'GET /pets?x=1',
    'GET /pets.json',
    'FETCH /pets',
    'GET',
    '',
    'GET /pets ',
    'GET /päts',
  ])('rejects %j with "Invalid endpoint reference"', (ref) => {
    expect(() => parseEndpointReference(ref)).toThrow(new InvalidEndpointReferenceError(ref));
  });
});

describe('snippet generators and the SPEC §8 snippet errors', () => {
  const templates = [
    templateFor('go', '/pets/{id}'),
    { ...templateFor('typescript'), endpointId: { method: 'POST' as const, path: '/pets' } },
  ];
  const withPut = {
    ...definition,
    endpoints: {
      ...definition.endpoints,
      updatePet: {
        ...listPets,
        id: 'updatePet',
        method: 'PUT' as const,
        path: [
          { type: 'literal' as const, value: '/pets/' },
          { type: 'pathParameter' as const, name: 'petId' },
        ],
        requests: [
          {
            contentType: 'application/json',
            body: { type: 'alias' as const, shape: { type: 'unknown' as const } },
          },
        ],
        examples: [],
      },
    },
  };
  const snippets = createSnippetGenerators(withPut, templates);
  const values = {
    pathParameters: { petId: '42' },
    queryParameters: {},
    headers: { 'X-Request-Id': 'r-1' },
    requestBody: payload.requestBody,
  };

  it('renders HTTP snippets from the example when no values are given, the credential as a placeholder', () => {
    expect(snippets.generate({ endpoint: 'GET /pets', language: 'curl' })).toBe(
      "curl 'https://api.example.com/v1/pets?limit=10&tags=a&tags=b&q=rex' \\\n  -H 'Authorization: Bearer <token>'",
    );
    expect(snippets.generate({ endpoint: 'GET /pets', language: 'node' })).toContain('await fetch(');
  });
  it('sends the cookies of the values (or of the example), and ignores cookies that are not an object', () => {
    const cart = createSnippetGenerators(definition, []);
    expect(
      cart.generate({ endpoint: 'GET /cart', language: 'curl', values: { cookies: { session: 's 1' } } }),
    ).toBe("curl 'https://api.example.com/v1/cart' \\\n  --cookie 'session=s%201'");
    const hostile = { cookies: 'session=x' } as unknown as { cookies: Record<string, unknown> };
    expect(cart.generate({ endpoint: 'GET /cart', language: 'curl', values: hostile })).toBe(
      "curl 'https://api.example.com/v1/cart'",
    );
  });
  it('fills the SDK template, matching paths whatever the parameter names', () => {
    expect(
      snippets.generate({
        endpoint: 'PUT /pets/{petId}',
        language: 'go',
        values,
        auth: { bearer: { token: 'tok' } },
      }),
    ).toBe(EXPECTED.go.replace('Limit: 10, ', ''));
  });
  it('uses the SDK template for typescript only when asked', () => {
    const http = snippets.generate({ endpoint: 'POST /pets', language: 'typescript' });
    expect(http).toContain('await fetch(');
    const sdk = () => snippets.generate({ endpoint: 'POST /pets', language: 'ts', sdk: true });
    expect(sdk).toThrow(SnippetGenerationError);
    expect(sdk).toThrow('Failed to generate ts code: missing');
  });
  it('Failed to create snippet generators', () => {
    expect(() => createSnippetGenerators(definition, [{ sdk: { language: 'cobol' } }])).toThrow(
      new SnippetGeneratorsError(),
    );
    expect(() => createSnippetGenerators(definition, { not: 'a list' })).toThrow(
      'Failed to create snippet generators',
    );
  });
  it('No SDK snippet available for {language}', () => {
    expect(() => snippets.generate({ endpoint: 'GET /pets', language: 'go' })).toThrow(
      new NoSdkSnippetError('go'),
    );
    expect(() => snippets.generate({ endpoint: 'GET /pets', language: 'go' })).toThrow(
      'No SDK snippet available for go',
    );
  });
  it('Failed to generate {language} code: {message}', () => {
    const bad = { ...values, requestBody: { ...(payload.requestBody as object), kind: 'bird' } };
    expect(() => snippets.generate({ endpoint: 'PUT /pets/{x}', language: 'go', values: bad })).toThrow(
      `Failed to generate go code: "bird" is not one of the enum's values`,
    );
  });
  it('Error generating code snippet', () => {
    const values = {
      get pathParameters(): Record<string, unknown> {
        throw 'not an Error';
      },
    };
    expect(() => snippets.generate({ endpoint: 'GET /pets', language: 'curl', values })).toThrow(
      new SnippetError(),
    );
  });
  it('Unsupported language', () => {
    expect(() => snippets.generate({ endpoint: 'GET /pets', language: 'cobol' })).toThrow(
      new UnsupportedLanguageError('cobol'),
    );
  });
  it('No configuration found for language', () => {
    expect(() => snippets.generate({ endpoint: 'GET /pets', language: 'rust' })).toThrow(
      new NoLanguageConfigurationError('rust'),
    );
    expect(() => snippets.generate({ endpoint: 'GET /pets', language: 'java' })).toThrow(
      'No configuration found for language',
    );
  });
  it('No default example found for endpoint', () => {
    expect(() => snippets.generate({ endpoint: 'PUT /files/{name}', language: 'curl' })).toThrow(
      new NoDefaultExampleError('putFile'),
    );
    expect(
      snippets.generate({
        endpoint: 'PUT /files/{name}',
        language: 'curl',
        values: { pathParameters: { name: 'a' } },
      }),
    ).toContain('/files/a');
  });
  it('Failed to find endpoint identified by {method path}', () => {
    expect(() => snippets.generate({ endpoint: 'GET /nope/{id}', language: 'curl' })).toThrow(
      new EndpointNotFoundError('GET /nope/{id}'),
    );
    expect(() => snippets.generate({ endpoint: 'DELETE /pets', language: 'curl' })).toThrow(
      'Failed to find endpoint identified by DELETE /pets',
    );
  });
  it('Invalid endpoint reference', () => {
    expect(() => snippets.generate({ endpoint: 'GET pets?', language: 'curl' })).toThrow(
      'Invalid endpoint reference',
    );
  });
  it('every error has its own stable code', () => {
    const codes = [
      new SnippetGeneratorsError(),
      new NoSdkSnippetError('x'),
      new SnippetGenerationError('x', 'y'),
      new SnippetError(),
      new UnsupportedLanguageError('x'),
      new NoLanguageConfigurationError('x'),
      new NoDefaultExampleError('x'),
      new EndpointNotFoundError('x'),
      new InvalidEndpointReferenceError('x'),
    ].map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
  it('has no request preview for HEAD endpoints when SDK snippets are in use', () => {
    expect(hasRequestPreview(headPets, true)).toBe(false);
    expect(hasRequestPreview(headPets, false)).toBe(true);
    expect(hasRequestPreview(listPets, true)).toBe(true);
  });
});
