/**
 * The named types a piece of the definition reaches, transitively: through references,
 * `extends`, union variants, base properties, extra and pattern properties, if/then/else,
 * tuple (`prefixItems`) and `contains` shapes, and aliases.
 */
import type { ApiDefinition } from '../ir/definition.js';
import type { Endpoint, Parameter, Webhook, WebSocketChannel } from '../ir/endpoint.js';
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';

/** Each type's closure (itself and every type it reaches), by type id: see {@link typeClosures}. */
export type TypeClosures = Map<TypeId, readonly TypeId[]>;

const closuresByTypes = new WeakMap<Record<TypeId, TypeDefinition>, TypeClosures>();

/**
 * The closures of a finished definition's types, found as collectors close over them and kept for
 * every later collector given them: a page's slice joins the closures of the types it names
 * instead of walking them again (GitHub's `repository` reaches 10 types through 133 properties,
 * on hundreds of pages: issue #30). Only for a type table that is never changed again (an
 * imported definition); a table being built (the importer's) takes collectors without.
 * @example new TypeCollector(definition.types, typeClosures(definition.types))
 */
export function typeClosures(types: Record<TypeId, TypeDefinition>): TypeClosures {
  let closures = closuresByTypes.get(types);
  if (!closures) {
    closures = new Map();
    closuresByTypes.set(types, closures);
  }
  return closures;
}

/** Collects type ids reachable from what it is shown. */
export class TypeCollector {
  readonly ids = new Set<TypeId>();
  private readonly queue: TypeId[] = [];

  /**
   * `closures`: known closures to join instead of walking; `closing` (this collector finding one
   * type's closure for them) uses those it finds but adds none, so no closure is found inside
   * another's finding (a cycle would ask for the one being found).
   */
  constructor(
    private readonly types: Record<TypeId, TypeDefinition>,
    private readonly closures?: TypeClosures,
    private readonly closing = false,
  ) {}

  reference(ref: TypeReference | undefined): void {
    if (!ref) return;
    switch (ref.type) {
      case 'id':
        if (!this.ids.has(ref.id)) {
          this.ids.add(ref.id);
          this.queue.push(ref.id);
        }
        return;
      case 'optional':
      case 'nullable':
        this.reference(ref.shape);
        return;
      case 'list':
      case 'set':
        this.reference(ref.itemShape);
        for (const item of ref.prefixItems ?? []) this.reference(item);
        this.reference(ref.contains);
        return;
      case 'map':
        this.reference(ref.keyShape);
        this.reference(ref.valueShape);
        return;
      default:
        return;
    }
  }

  typeId(id: TypeId): void {
    this.reference({ type: 'id', id });
  }

  properties(properties: ObjectProperty[] | undefined): void {
    for (const property of properties ?? []) this.reference(property.valueShape);
  }

  parameters(parameters: Parameter[] | undefined): void {
    for (const parameter of parameters ?? []) this.reference(parameter.valueShape);
  }

  endpoint(endpoint: Endpoint): void {
    this.parameters(endpoint.pathParameters);
    this.parameters(endpoint.queryParameters);
    this.parameters(endpoint.cookieParameters);
    this.exchange(endpoint);
    for (const callback of endpoint.callbacks ?? []) this.exchange(callback);
  }

  /** The headers, request bodies, responses and errors of an endpoint or a callback. */
  private exchange(endpoint: Pick<Endpoint, 'requestHeaders' | 'requests' | 'responses' | 'errors'>): void {
    this.parameters(endpoint.requestHeaders);
    for (const request of endpoint.requests) {
      const body = request.body;
      if (body.type === 'object') {
        for (const id of body.extends) this.typeId(id);
        this.properties(body.properties);
      } else if (body.type === 'alias') this.reference(body.shape);
      else if (body.type === 'formData') {
        for (const field of body.fields) if (field.type === 'property') this.reference(field.valueShape);
      }
    }
    for (const response of endpoint.responses) {
      const body = response.body;
      if (body.type === 'object') {
        for (const id of body.extends) this.typeId(id);
        this.properties(body.properties);
      } else if (body.type === 'alias' || body.type === 'stream') this.reference(body.shape);
      this.parameters(response.headers);
    }
    for (const error of endpoint.errors) this.reference(error.shape);
  }

  channel(channel: WebSocketChannel): void {
    this.parameters(channel.pathParameters);
    this.parameters(channel.queryParameters);
    this.parameters(channel.requestHeaders);
    for (const message of channel.messages) this.reference(message.body);
  }

  /** Everything outside `types` that shows types: endpoints, channels, webhooks, global headers. */
  api(definition: Pick<ApiDefinition, 'endpoints' | 'websockets' | 'webhooks' | 'globalHeaders'>): void {
    for (const endpoint of Object.values(definition.endpoints)) this.endpoint(endpoint);
    for (const channel of Object.values(definition.websockets)) this.channel(channel);
    for (const webhook of Object.values(definition.webhooks)) this.webhook(webhook);
    this.parameters(definition.globalHeaders);
  }

  webhook(webhook: Webhook): void {
    this.parameters(webhook.headers);
    this.reference(webhook.payload.shape);
  }

  /** Follows every queued type to what it references; returns all ids reached. */
  close(): Set<TypeId> {
    for (let id = this.queue.pop(); id !== undefined; id = this.queue.pop()) {
      const closure = this.closures && this.closureOf(id);
      if (closure) for (const reached of closure) this.ids.add(reached);
      else this.follow(id);
    }
    return this.ids;
  }

  /** `id`'s closure from `closures`; found and kept there first unless this collector is finding one. */
  private closureOf(id: TypeId): readonly TypeId[] | undefined {
    const known = this.closures?.get(id);
    if (known || this.closing || !this.closures) return known;
    const finding = new TypeCollector(this.types, this.closures, true);
    finding.typeId(id);
    const closure = [...finding.close()];
    this.closures.set(id, closure);
    return closure;
  }

  /** Queues what type `id` references directly. */
  private follow(id: TypeId): void {
    const shape = this.types[id]?.shape;
    if (!shape) return;
    switch (shape.type) {
      case 'alias':
        this.reference(shape.value);
        break;
      case 'object':
        for (const parent of shape.extends) this.typeId(parent);
        this.properties(shape.properties);
        this.reference(shape.extraProperties);
        for (const entry of shape.patternProperties ?? []) this.reference(entry.shape);
        this.reference(shape.conditional?.condition);
        this.reference(shape.conditional?.whenTrue);
        this.reference(shape.conditional?.whenFalse);
        break;
      case 'discriminatedUnion':
        for (const variant of shape.variants) this.typeId(variant.typeId);
        this.properties(shape.baseProperties);
        break;
      case 'undiscriminatedUnion':
        for (const variant of shape.variants) this.reference(variant.shape);
        break;
      case 'enum':
        break;
    }
  }
}
