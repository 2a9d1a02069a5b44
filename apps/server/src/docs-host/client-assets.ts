/**
 * The prebuilt client bundle (`npm run build`): its manifest, read once (again after a failure),
 * and its files under `ASSET_BASE`, immutable (their names carry their hash).
 */
import { contentTypeOf } from '@sextant/docs-project';
import { type ClientBuild, loadClientBuild } from '@sextant/docs-site';
import type { FastifyReply } from 'fastify';
import { IMMUTABLE, type Send } from './responses.js';
import { readInside } from './site-files.js';

export interface ClientAssets {
  /** The build's manifest; a missing build rejects (and is looked for again next time). */
  build(): Promise<ClientBuild>;
  /** Answers a file of the bundle by its path under `ASSET_BASE`. */
  serve(reply: FastifyReply, assetPath: string): Promise<FastifyReply>;
}

/** The bundle in `clientDir`, or the one shipped with the code. */
export function createClientAssets(clientDir: string | undefined, send: Send): ClientAssets {
  let clientBuild: Promise<ClientBuild> | undefined;
  const build = () => {
    clientBuild ??= loadClientBuild(clientDir);
    clientBuild.catch(() => {
      clientBuild = undefined;
    });
    return clientBuild;
  };
  return {
    build,
    async serve(reply, assetPath) {
      const body = await readInside((await build()).dir, assetPath);
      if (!body) return send(reply, 404, 'text/plain; charset=utf-8', 'Not found');
      return send(reply, 200, contentTypeOf(assetPath), body, IMMUTABLE);
    },
  };
}
