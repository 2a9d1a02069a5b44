/**
 * Docs files: the files a docs definition references (logo, favicon, markdown images, fonts…).
 * A docs init declares them (path, sha256, size, content type); the registry answers per file
 * "already stored" (the organization has those bytes) or an upload target. Uploads are checked
 * against the declaration and stored content-addressed per organization in the blob store;
 * register links the declared files to the new docs version.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  type DocsFileDeclaration,
  type DocsFileStatus,
  type LinkedDocsFile,
  MAX_DOCS_FILE_BYTES,
  MAX_DOCS_FILES_TOTAL_BYTES,
} from '@sextant/registry-client';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../storage/index.js';
import type { CallContext, RegistryContext } from './context.js';
import { fail } from './errors.js';
import { requireMember } from './identity.js';

/** How long an upload target stays valid after init. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;
const UPLOAD_ROUTE = '/v2/registry/docs/files/';

type Db = Kysely<Database> | Transaction<Database>;

/** Blob key of a file: per organization (hashed, so any org id is a safe key) and content hash. */
function blobKeyOf(orgId: string, sha256: string): string {
  const org = createHash('sha256').update(orgId).digest('hex').slice(0, 32);
  return `docs-files/${org}/${sha256.slice(0, 2)}/${sha256}`;
}

/** Fails with DocsFileTooLargeError when one file or the total is over the caps. */
export function checkDeclaredSizes(files: readonly DocsFileDeclaration[]): void {
  let total = 0;
  for (const file of files) {
    if (file.size > MAX_DOCS_FILE_BYTES)
      fail(
        'DocsFileTooLargeError',
        `"${file.path}" is ${file.size} bytes; a docs file may have at most ${MAX_DOCS_FILE_BYTES}`,
      );
    total += file.size;
  }
  if (total > MAX_DOCS_FILES_TOTAL_BYTES)
    fail(
      'DocsFileTooLargeError',
      `the files total ${total} bytes; one publish may have at most ${MAX_DOCS_FILES_TOTAL_BYTES}`,
    );
}

/**
 * Records the files of a new registration (inside its transaction) and answers, per file,
 * whether the organization already stores its bytes or where to upload them. Files with the
 * same content share one upload.
 */
export async function declareFiles(
  trx: Transaction<Database>,
  registrationId: string,
  orgId: string,
  files: readonly DocsFileDeclaration[],
): Promise<DocsFileStatus[]> {
  if (files.length === 0) return [];
  const hashes = [...new Set(files.map((file) => file.sha256))];
  const stored = new Map(
    (
      await trx
        .selectFrom('docs_files')
        .select(['id', 'sha256'])
        .where('org_id', '=', orgId)
        .where('sha256', 'in', hashes)
        .execute()
    ).map((row) => [row.sha256, row.id]),
  );
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
  const uploads = new Map<string, string>();
  const statuses: DocsFileStatus[] = [];
  for (const file of files) {
    const fileId = stored.get(file.sha256);
    if (fileId) {
      statuses.push({ path: file.path, sha256: file.sha256, status: 'stored', fileId });
      continue;
    }
    let uploadId = uploads.get(file.sha256);
    if (!uploadId) {
      uploadId = randomUUID();
      uploads.set(file.sha256, uploadId);
    }
    statuses.push({
      path: file.path,
      sha256: file.sha256,
      status: 'upload',
      upload: {
        uploadId,
        method: 'PUT',
        path: `${UPLOAD_ROUTE}${uploadId}`,
        expiresAt: expiresAt.toISOString(),
      },
    });
  }
  // One statement per table (a project may declare thousands of files).
  await trx
    .insertInto('docs_registration_files')
    .values(
      files.map((file) => ({
        registration_id: registrationId,
        path: file.path,
        sha256: file.sha256,
        size_bytes: file.size,
        content_type: file.contentType,
      })),
    )
    .execute();
  if (uploads.size > 0) {
    const sizes = new Map(files.map((file) => [file.sha256, file.size]));
    await trx
      .insertInto('docs_file_uploads')
      .values(
        [...uploads].map(([sha256, id]) => ({
          id,
          registration_id: registrationId,
          org_id: orgId,
          sha256,
          size_bytes: sizes.get(sha256) as number,
          expires_at: expiresAt,
        })),
      )
      .execute();
  }
  return statuses;
}

/**
 * Stores the bytes of a pending upload after checking them against the declaration (size
 * first, then sha256); errors name the file by its declared path.
 */
export async function receiveUpload(
  ctx: RegistryContext,
  call: CallContext,
  uploadId: string,
  body: unknown,
): Promise<{ fileId: string; sha256: string; size: number }> {
  if (!(body instanceof Uint8Array))
    fail('UnsupportedMediaTypeError', 'Send the file bytes as application/octet-stream');
  const upload = await ctx.db
    .selectFrom('docs_file_uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .executeTakeFirst();
  if (!upload || new Date(upload.expires_at).getTime() < Date.now())
    fail('DocsFileUploadNotFoundError', `No pending upload has id "${uploadId}" (expired? run init again)`);
  await requireMember(ctx.db, call.caller, upload.org_id);
  const declared = await ctx.db
    .selectFrom('docs_registration_files')
    .select('path')
    .where('registration_id', '=', upload.registration_id)
    .where('sha256', '=', upload.sha256)
    .orderBy('path')
    .executeTakeFirst();
  const name = `"${declared?.path ?? upload.sha256}"`;
  if (body.byteLength > MAX_DOCS_FILE_BYTES)
    fail('DocsFileTooLargeError', `${name}: a docs file may have at most ${MAX_DOCS_FILE_BYTES} bytes`);
  if (body.byteLength !== upload.size_bytes)
    fail(
      'DocsFileSizeMismatchError',
      `${name}: declared ${upload.size_bytes} bytes at init, received ${body.byteLength}`,
    );
  const sha256 = createHash('sha256').update(body).digest('hex');
  if (sha256 !== upload.sha256)
    fail(
      'DocsFileHashMismatchError',
      `${name}: declared sha256 ${upload.sha256} at init, received ${sha256}`,
    );

  const blobKey = blobKeyOf(upload.org_id, sha256);
  // The blob goes first: a row never points at missing bytes, and a crash leaves at most an
  // unreferenced blob under its content address (rewritten identically by the next upload).
  if (!(await ctx.blobs.has(blobKey))) await ctx.blobs.put(blobKey, body);
  const fileId = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('docs_files')
      .values({
        id: randomUUID(),
        org_id: upload.org_id,
        sha256,
        size_bytes: body.byteLength,
        blob_key: blobKey,
      })
      .onConflict((oc) => oc.columns(['org_id', 'sha256']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('docs_files')
      .select('id')
      .where('org_id', '=', upload.org_id)
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();
    await trx.updateTable('docs_file_uploads').set({ file_id: row.id }).where('id', '=', upload.id).execute();
    return row.id;
  });
  return { fileId, sha256, size: body.byteLength };
}

/**
 * Links every file the registration declared to a new docs version (inside register's
 * transaction); DocsFilesNotUploadedError names the files whose bytes never arrived.
 */
export async function linkDeclaredFiles(
  trx: Db,
  registrationId: string,
  orgId: string,
  docsDefinitionId: string,
): Promise<void> {
  const declared = await trx
    .selectFrom('docs_registration_files')
    .leftJoin('docs_files', (join) =>
      join
        .onRef('docs_files.sha256', '=', 'docs_registration_files.sha256')
        .on('docs_files.org_id', '=', orgId),
    )
    .select([
      'docs_registration_files.path',
      'docs_registration_files.content_type',
      'docs_files.id as file_id',
    ])
    .where('docs_registration_files.registration_id', '=', registrationId)
    .orderBy('docs_registration_files.path')
    .execute();
  const missing = declared.filter((row) => !row.file_id).map((row) => `"${row.path}"`);
  if (missing.length > 0)
    fail(
      'DocsFilesNotUploadedError',
      `${missing.length} declared file(s) were not uploaded: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`,
    );
  if (declared.length === 0) return;
  await trx
    .insertInto('docs_definition_files')
    .values(
      declared.map((row) => ({
        docs_definition_id: docsDefinitionId,
        path: row.path,
        file_id: row.file_id as string,
        content_type: row.content_type,
      })),
    )
    .execute();
}

/** The files linked to a docs version, by project path. */
export async function linkedFiles(db: Db, docsDefinitionId: string): Promise<Record<string, LinkedDocsFile>> {
  const rows = await db
    .selectFrom('docs_definition_files')
    .innerJoin('docs_files', 'docs_files.id', 'docs_definition_files.file_id')
    .select([
      'docs_definition_files.path',
      'docs_definition_files.content_type',
      'docs_files.id',
      'docs_files.sha256',
      'docs_files.size_bytes',
    ])
    .where('docs_definition_files.docs_definition_id', '=', docsDefinitionId)
    .orderBy('docs_definition_files.path')
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.path,
      { fileId: row.id, sha256: row.sha256, size: row.size_bytes, contentType: row.content_type },
    ]),
  );
}

/** Blob key of a stored file, or undefined. */
async function blobKeyOfFile(ctx: RegistryContext, fileId: string): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('docs_files')
    .select('blob_key')
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row?.blob_key;
}

/**
 * The bytes of a stored docs file, or undefined: from the blob store, else from the store an
 * earlier configuration used. Callers reach file ids only through a site's own links.
 */
export async function readDocsFile(ctx: RegistryContext, fileId: string): Promise<Uint8Array | undefined> {
  const key = await blobKeyOfFile(ctx, fileId);
  if (!key) return undefined;
  return (await ctx.blobs.get(key)) ?? (await ctx.previousBlobs?.get(key));
}

/** What ensuring a docs version's files found: linked files, copied from the previous store, found nowhere. */
export interface EnsuredFiles {
  total: number;
  copied: number;
  missing: number;
}

/**
 * Makes every file linked to a docs version present in the blob store, copying the missing
 * ones from the previous store (idempotent: a second run copies nothing).
 */
export async function ensureLinkedFiles(
  ctx: RegistryContext,
  fileIds: readonly string[],
): Promise<EnsuredFiles> {
  const ids = [...new Set(fileIds)];
  const rows =
    ids.length === 0
      ? []
      : await ctx.db.selectFrom('docs_files').select('blob_key').where('id', 'in', ids).execute();
  const result: EnsuredFiles = { total: ids.length, copied: 0, missing: ids.length - rows.length };
  for (const { blob_key: key } of rows) {
    if (await ctx.blobs.has(key)) continue;
    const bytes = await ctx.previousBlobs?.get(key);
    if (!bytes) {
      result.missing++;
      continue;
    }
    await ctx.blobs.put(key, bytes);
    result.copied++;
  }
  return result;
}
