/**
 * OpenAPI 3 `callbacks` of one operation → IR callbacks: each callback name, each URL expression
 * of it, each operation of that path item, with its headers, request bodies and responses read as
 * an endpoint's are. `$ref`s to `components/callbacks` and to path items are followed.
 */
import type { Location } from '../document/document-set.js';
import type { Callback, HttpMethod } from '../ir/endpoint.js';
import { DefinitionImportError } from '../ir/import-result.js';
import { pascalCase } from '../schema/index.js';
import { type ImportContext, isObject, type Json, objectAt, pointerAt, str } from './context.js';
import { HTTP_METHODS } from './operations.js';
import { collectParameters, warnIgnoredCookies } from './parameters.js';
import { convertRequestBody } from './request-bodies.js';
import { convertResponses } from './responses.js';

/** The callbacks of an operation (`callbacks` at `at`); `nameHint` names the operation's inline types. */
export function convertCallbacks(
  context: ImportContext,
  callbacks: unknown,
  at: Location,
  nameHint: string,
): Callback[] {
  if (callbacks === undefined || callbacks === null) return [];
  const map = lenientObject(context, callbacks, at, '`callbacks`')?.value;
  if (!map) return [];
  const out: Callback[] = [];
  for (const name of Object.keys(map)) {
    if (name.startsWith('x-')) continue;
    const found = lenientObject(context, map[name], pointerAt(at, name), 'a callback');
    if (!found) continue;
    const { value: callback, at: callbackAt } = found;
    for (const expression of Object.keys(callback)) {
      if (expression.startsWith('x-')) continue;
      const item = lenientObject(
        context,
        callback[expression],
        pointerAt(callbackAt, expression),
        'a callback path item',
      );
      if (!item) continue;
      const { value: pathItem, at: itemAt } = item;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (operation === undefined) continue;
        const operationAt = pointerAt(itemAt, method);
        if (!isObject(operation)) {
          context.sink.warn(operationAt, 'a callback operation must be an object; ignored');
          continue;
        }
        const hint = pascalCase(`${nameHint} ${name} ${method === 'post' ? '' : method} callback`);
        out.push(
          callbackOperation(
            context,
            { name, expression, method, pathItem, itemAt, operation, operationAt },
            hint,
          ),
        );
      }
    }
  }
  return out;
}

/**
 * `value` as an object, `$ref`s followed; a warning and nothing when it is not one. A malformed
 * callback is left out and the import goes on, as it did when callbacks were not read.
 */
function lenientObject(
  context: ImportContext,
  value: unknown,
  at: Location,
  what: string,
): { value: Json; at: Location } | undefined {
  try {
    return objectAt(context, value, at, what);
  } catch (error) {
    if (!(error instanceof DefinitionImportError)) throw error;
    context.sink.warn(at, `${error.reason}; ignored`);
    return undefined;
  }
}

function callbackOperation(
  context: ImportContext,
  where: {
    name: string;
    expression: string;
    method: (typeof HTTP_METHODS)[number];
    pathItem: Json;
    itemAt: Location;
    operation: Json;
    operationAt: Location;
  },
  nameHint: string,
): Callback {
  const { operation, operationAt } = where;
  const parameters = collectParameters(
    context,
    where.pathItem.parameters,
    pointerAt(where.itemAt, 'parameters'),
    operation.parameters,
    pointerAt(operationAt, 'parameters'),
    nameHint,
  );
  warnIgnoredCookies(context, parameters, pointerAt(operationAt, 'parameters'), 'callback');
  const { requests } = convertRequestBody(
    context,
    operation.requestBody,
    pointerAt(operationAt, 'requestBody'),
    nameHint,
  );
  const { responses, errors } = convertResponses(
    context,
    operation.responses,
    pointerAt(operationAt, 'responses'),
    nameHint,
    [],
  );
  const callback: Callback = {
    name: where.name,
    expression: where.expression,
    method: where.method.toUpperCase() as HttpMethod,
    requestHeaders: parameters.header,
    requests,
    responses,
    errors,
  };
  const title = str(operation.summary);
  if (title) callback.title = title;
  const description = str(operation.description) ?? str(where.pathItem.description);
  if (description) callback.description = description;
  return callback;
}
