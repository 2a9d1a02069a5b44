/**
 * Integrity check of a definition: every type id, auth scheme id, OAuth token endpoint and
 * navigation entry must resolve. Used by tests of importers and slices, and by anything that
 * receives a definition it did not build.
 */
import type { ApiDefinition } from '../ir/definition.js';
import { oauthTokenFlows } from '../ir/oauth-flows.js';
import { TypeCollector } from './reachable-types.js';

/**
 * A list of problems, empty when every reference resolves.
 * @example danglingReferences(sliceDefinition(definition, { endpointId })) // []
 */
export function danglingReferences(definition: ApiDefinition): string[] {
  const problems: string[] = [];
  const collector = new TypeCollector(definition.types);
  for (const endpoint of Object.values(definition.endpoints)) {
    collector.endpoint(endpoint);
    for (const id of endpoint.auth) {
      if (!definition.auths[id]) problems.push(`endpoint ${endpoint.id}: auth scheme "${id}" is not defined`);
    }
  }
  for (const channel of Object.values(definition.websockets)) {
    collector.channel(channel);
    for (const id of channel.auth) {
      if (!definition.auths[id]) problems.push(`channel ${channel.id}: auth scheme "${id}" is not defined`);
    }
  }
  for (const webhook of Object.values(definition.webhooks)) collector.webhook(webhook);
  collector.parameters(definition.globalHeaders);
  for (const type of Object.values(definition.types)) collector.typeId(type.id);
  for (const id of collector.close()) {
    if (!definition.types[id]) problems.push(`type "${id}" is referenced but not defined`);
  }
  for (const scheme of Object.values(definition.auths)) {
    if (scheme.type !== 'oAuth') continue;
    for (const flow of oauthTokenFlows(scheme)) {
      if (!definition.endpoints[flow.tokenEndpoint.endpointId])
        problems.push(`auth ${scheme.id}: token endpoint "${flow.tokenEndpoint.endpointId}" is not defined`);
    }
  }
  const packages = [definition.rootPackage, ...Object.values(definition.subpackages)];
  for (const group of packages) {
    for (const id of group.endpoints)
      if (!definition.endpoints[id]) problems.push(`navigation: endpoint "${id}" missing`);
    for (const id of group.websockets)
      if (!definition.websockets[id]) problems.push(`navigation: channel "${id}" missing`);
    for (const id of group.webhooks)
      if (!definition.webhooks[id]) problems.push(`navigation: webhook "${id}" missing`);
    for (const id of group.subpackages)
      if (!definition.subpackages[id]) problems.push(`navigation: group "${id}" missing`);
  }
  return problems;
}
