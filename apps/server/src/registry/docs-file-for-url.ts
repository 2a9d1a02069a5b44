/**
 * `GET /v2/registry/docs/file?url=&sha256=`: the bytes of a file linked to the docs served at a
 * URL, for docs hosts that read the registry over HTTP. The file is looked up among the site's
 * own links only, so an address names bytes its site published: one tenant never reads
 * another's file by guessing a hash.
 */
import type { Handlers } from './context.js';
import { readDocsFile } from './docs-files.js';
import { fail } from './errors.js';
import { requireUrl } from './urls.js';

export const docsFileForUrlHandlers: Handlers<'readDocsFileForUrl'> = {
  async readDocsFileForUrl(ctx, { query }) {
    const address = requireUrl(query.url);
    const docs = await ctx.docsCache.load(address);
    if (!docs) fail('DomainNotRegisteredError', `No docs are served at "${address.url}"`);
    const linked = Object.values(docs.files).find((file) => file.sha256 === query.sha256);
    const bytes = linked && (await readDocsFile(ctx, linked.fileId));
    if (!linked || !bytes)
      fail('DocsFileNotLinkedError', `The docs at "${docs.url}" link no file with sha256 ${query.sha256}`);
    return {
      sha256: linked.sha256,
      size: bytes.byteLength,
      contentType: linked.contentType,
      base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    };
  },
};
