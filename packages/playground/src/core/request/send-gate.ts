/**
 * Send what is shown, or say why not (issue #28 item 1). Two kinds of problems stop a request:
 * a *blocker* disables Send with its reason beside the button (the JSON editor holds text that
 * does not parse, a required path parameter is empty, a localhost target outside local mode),
 * because what would go out is not what the reader sees; any other schema violation is only
 * flagged inline, and Send asks once ("Send anyway") before sending it. Pure rules, one each.
 */
import type { FormValidation } from '../form/form-validation.js';

/**
 * Why the path cannot be sent: the names of the empty required path parameters.
 * @example missingPathReason(['widgetId']) // 'Fill in the path parameter widgetId'
 */
export function missingPathReason(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  return names.length === 1
    ? `Fill in the path parameter ${names[0]}`
    : `Fill in the path parameters ${names.join(', ')}`;
}

/**
 * Why a JSON body cannot be sent: the editor's text does not parse.
 * @example invalidJsonReason('Unexpected end of JSON input') // 'The body is not valid JSON: Unexpected end of JSON input'
 */
export function invalidJsonReason(parseError: string | undefined): string | undefined {
  return parseError === undefined ? undefined : `The body is not valid JSON: ${parseError}`;
}

/**
 * The first reason Send is disabled, in the order a reader fixes them: the target (localhost),
 * then the body text, then the path.
 * @example sendBlocker({ missingPathParameters: ['id'] }) // 'Fill in the path parameter id'
 */
export function sendBlocker(input: {
  targetReason?: string | undefined;
  jsonError?: string | undefined;
  missingPathParameters?: readonly string[] | undefined;
}): string | undefined {
  return (
    input.targetReason ??
    invalidJsonReason(input.jsonError) ??
    missingPathReason(input.missingPathParameters ?? [])
  );
}

/**
 * What a set of inline problems is, as a key: the reader confirms "Send anyway" for these
 * problems once; a different set asks again.
 * @example invalidSignature(validation) // '["body","value","age"]'
 */
export function invalidSignature(validation: FormValidation): string {
  return [...validation.errors.keys()].sort().join('|');
}

/**
 * Whether Send must ask first: there are inline problems the reader has not yet confirmed.
 * @example needsConfirmation(validation, undefined) // true when validation.count > 0
 */
export function needsConfirmation(validation: FormValidation, confirmed: string | undefined): boolean {
  return validation.count > 0 && invalidSignature(validation) !== confirmed;
}

/**
 * The text of a JSON editor parsed: the value, or the parser's message.
 * @example parseJsonText('{"a":1}') // { ok: true, value: { a: 1 } }
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'Invalid JSON' };
  }
}
