/**
 * Test support: checks every synthesised example of a definition against the schemas it was
 * built from (with Ajv, through `toJsonSchema`). Returns one line per invalid value.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ApiDefinition } from '../ir/definition.js';
import type { Parameter, RequestBody, ResponseBody } from '../ir/endpoint.js';
import type { TypeReference } from '../ir/types.js';
import { typesValidator } from './ajv-validator.test-support.js';
import type { Direction } from './value-builder.js';

/** Problems of the synthesised examples of `definition`; empty when all validate. */
export function invalidSynthesizedExamples(ajv: Ajv2020, definition: ApiDefinition): string[] {
  const problems: string[] = [];
  const validate = typesValidator(ajv, definition.types);
  const check = (where: string, value: unknown, shape: TypeReference, direction: Direction) => {
    const errors = validate(value, shape, direction);
    if (errors) problems.push(`${where}: ${errors} in ${JSON.stringify(value).slice(0, 300)}`);
  };
  const params = (where: string, list: Parameter[], values: Record<string, unknown>) => {
    for (const parameter of list) {
      if (parameter.key in values)
        check(`${where} ${parameter.key}`, values[parameter.key], parameter.valueShape, 'request');
    }
  };
  const body = (where: string, value: unknown, shape: RequestBody | ResponseBody, direction: Direction) => {
    if (shape.type === 'object') {
      // An inline object: each property against its shape, required keys present, parents whole.
      const record = value as Record<string, unknown>;
      for (const id of shape.extends) check(where, value, { type: 'id', id }, direction);
      for (const property of shape.properties) {
        const leftOut =
          direction === 'request' ? property.access === 'READ_ONLY' : property.access === 'WRITE_ONLY';
        if (property.key in record)
          check(`${where} ${property.key}`, record[property.key], property.valueShape, direction);
        else if (property.valueShape.type !== 'optional' && !leftOut)
          problems.push(`${where}: required ${property.key} missing`);
      }
    } else if (shape.type === 'alias') check(where, value, shape.shape, direction);
    else if (shape.type === 'stream') {
      for (const event of (value as { events: unknown[] }).events)
        check(where, event, shape.shape, direction);
    }
  };
  for (const endpoint of Object.values(definition.endpoints)) {
    for (const example of endpoint.examples.filter((e) => e.synthesized)) {
      const where = `endpoint ${endpoint.id}`;
      params(where, endpoint.pathParameters, example.pathParameters);
      params(where, endpoint.queryParameters, example.queryParameters);
      params(where, endpoint.requestHeaders, example.headers);
      const request = endpoint.requests[0];
      if (request && example.requestBody !== undefined && request.body.type !== 'formData')
        body(`${where} request`, example.requestBody, request.body, 'request');
      const response = endpoint.responses[0];
      if (response && example.responseBody !== undefined)
        body(`${where} response`, example.responseBody, response.body, 'response');
    }
  }
  for (const webhook of Object.values(definition.webhooks)) {
    for (const example of webhook.examples.filter((e) => e.synthesized)) {
      check(`webhook ${webhook.id}`, example.payload, webhook.payload.shape, 'request');
    }
  }
  for (const channel of Object.values(definition.websockets)) {
    for (const example of channel.examples.filter((e) => e.synthesized)) {
      for (const sent of example.messages) {
        const message = channel.messages.find((m) => m.type === sent.type && m.origin === sent.origin);
        if (message)
          check(
            `channel ${channel.id} ${sent.type}`,
            sent.body,
            message.body,
            sent.origin === 'client' ? 'request' : 'response',
          );
      }
    }
  }
  return problems;
}
