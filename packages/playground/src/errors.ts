/**
 * The error catalogue of @sextant/playground: every coded error it raises, defined here and
 * re-exported by the module that throws it.
 */
import { type ErrorCatalogue, SextantError } from '@sextant/definition/errors';
import type { OAuthLoginFailure } from './core/auth/oauth-login-error.js';

/** The token endpoint answered without an access token. */
export class EmptyTokenError extends SextantError<'EmptyTokenError'> {
  constructor() {
    super('EmptyTokenError', 'The token endpoint answered without an access token');
  }
}

/** The OAuth flow names no token endpoint the playground can call. */
export class TokenEndpointUnknownError extends SextantError<'TokenEndpointUnknownError'> {
  constructor() {
    super('TokenEndpointUnknownError', 'The token endpoint is not available');
  }
}

/** A WebSocket session ended before it opened; the message is the close reason. */
export class WebSocketClosedError extends SextantError<'WebSocketClosedError'> {
  constructor(reason: string) {
    super('WebSocketClosedError', reason);
  }
}

/** Raised (as a failed request) when the base URL cannot be sent to. */
export class InvalidBaseUrlError extends SextantError<'InvalidBaseUrlError'> {
  constructor(
    readonly baseUrl: string,
    reason: string,
  ) {
    super(
      'InvalidBaseUrlError',
      `The base URL "${baseUrl}" ${reason} Edit it in the top bar (e.g. https://api.example.com).`,
    );
  }
}

/** Raised by the pretty layout when the text stops being JSON; the viewer falls back to raw. */
export class NotJsonError extends SextantError<'NotJsonError'> {
  constructor(readonly offset: number) {
    super('NotJsonError', `The body is not valid JSON at character ${offset}: it is shown raw.`);
  }
}

/** Raised when the channel id is not in the definition handed to the playground. */
export class ChannelNotInDefinitionError extends SextantError<'ChannelNotInDefinitionError'> {
  constructor(channelId: string) {
    super(
      'ChannelNotInDefinitionError',
      `Failed to find channel ${channelId}. Pass the definition slice that holds it.`,
    );
  }
}

/** Raised when the endpoint id is not in the definition handed to the playground. */
export class EndpointNotInDefinitionError extends SextantError<'EndpointNotInDefinitionError'> {
  constructor(endpointId: string) {
    super(
      'EndpointNotInDefinitionError',
      `Failed to find endpoint identified by ${endpointId}. Pass the definition slice that holds it.`,
    );
  }
}

/** Raised when a response that should carry a body has none. */
export class MissingResponseBodyError extends SextantError<'MissingResponseBodyError'> {
  constructor() {
    super(
      'MissingResponseBodyError',
      'The response has no body. Check the endpoint returns one, then send the request again.',
    );
  }
}

/** An OAuth login failed; `failure` says why (see OAuthLoginFailure). */
export class OAuthLoginError extends SextantError<'OAuthLoginError'> {
  constructor(
    readonly failure: OAuthLoginFailure,
    message: string,
  ) {
    super('OAuthLoginError', message, { details: { failure } });
  }

  /** Whether the card should offer the plain bearer input instead: retrying credentials cannot help. */
  get needsFallback(): boolean {
    return this.failure !== 'rejected';
  }
}

export const playgroundErrors: ErrorCatalogue = {
  packageName: '@sextant/playground',
  entries: [
    {
      code: 'ChannelNotInDefinitionError',
      description: 'The channel id is not in the definition handed to the playground.',
      example: () => new ChannelNotInDefinitionError('chat'),
    },
    {
      code: 'EmptyTokenError',
      description: 'The token endpoint answered without an access token.',
      example: () => new EmptyTokenError(),
    },
    {
      code: 'EndpointNotInDefinitionError',
      description: 'The endpoint id is not in the definition handed to the playground.',
      example: () => new EndpointNotInDefinitionError('pets.list'),
    },
    {
      code: 'InvalidBaseUrlError',
      description: 'The base URL in the top bar cannot be sent to.',
      example: () => new InvalidBaseUrlError('htp:/x', 'is not an absolute http(s) URL.'),
    },
    {
      code: 'MissingResponseBodyError',
      description: 'A response that should carry a body has none.',
      example: () => new MissingResponseBodyError(),
    },
    {
      code: 'NotJsonError',
      description: 'A response body stops being JSON; the viewer shows it raw.',
      example: () => new NotJsonError(12),
    },
    {
      code: 'OAuthLoginError',
      description: 'An OAuth login failed: credentials rejected, the token endpoint failed or gave no token.',
      example: () => new OAuthLoginError('rejected', 'Login failed (401)'),
    },
    {
      code: 'TokenEndpointUnknownError',
      description: 'The OAuth flow names no token endpoint the playground can call.',
      example: () => new TokenEndpointUnknownError(),
    },
    {
      code: 'WebSocketClosedError',
      description: 'A WebSocket session ended before it opened; the message is the close reason.',
      example: () => new WebSocketClosedError('The connection closed before it opened'),
    },
  ],
};
