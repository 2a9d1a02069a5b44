/**
 * Test helper: publishes a docs site with files through the registry client (register an API,
 * init with the files, upload what is asked for, finish) and answers the loaded docs.
 */
import { createHash } from 'node:crypto';
import type { LoadedDocs, RegistryClient } from '@sextant/registry-client';
import { docsDefinition, endpoint, petStore } from './fixtures.js';

/** sha256 hex of `bytes`. */
export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Publishes `files` (path → bytes, served as image/png) at `domain` for `orgId`; returns the loaded docs and what was uploaded. */
export async function publishFiles(
  client: RegistryClient,
  orgId: string,
  domain: string,
  files: Record<string, Uint8Array>,
): Promise<{ docs: LoadedDocs; uploaded: number }> {
  const { apiDefinitionId } = await client.registerApiDefinition({
    body: { orgId, apiId: 'pets', definition: petStore([endpoint('listPets', '/pets')]) },
  });
  const declared = Object.entries(files).map(([path, bytes]) => ({
    path,
    sha256: sha256Of(bytes),
    size: bytes.byteLength,
    contentType: 'image/png',
  }));
  const init = await client.initDocsRegistrationV2({ body: { orgId, domain, files: declared } });
  const bySha = new Map(declared.map((file) => [file.sha256, files[file.path] as Uint8Array]));
  const uploads = new Map<string, Uint8Array>();
  for (const status of init.files)
    if (status.status === 'upload')
      uploads.set(status.upload.uploadId, bySha.get(status.sha256) as Uint8Array);
  for (const [uploadId, body] of uploads) await client.uploadDocsFile({ params: { uploadId }, body });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: docsDefinition(domain, 'pets'), apiDefinitionIds: { pets: apiDefinitionId } },
  });
  return { docs: await client.loadDocsForUrl({ body: { url: domain } }), uploaded: uploads.size };
}
