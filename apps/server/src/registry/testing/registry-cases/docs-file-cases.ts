/**
 * Docs files: declared at init, uploaded once per content, checked and linked at register. Run in
 * order by `registry-suite.ts`, sharing `s`.
 */
import { createHash } from 'node:crypto';
import { type DocsFileStatus, MAX_DOCS_FILE_BYTES, RegistryClientError } from '@sextant/registry-client';
import { expect, it } from 'vitest';
import { expectNamed } from '../expect-named.js';
import { docsDefinition } from '../fixtures.js';
import type { RegistrySuiteContext } from './suite-context.js';

export function docsFileCases(s: RegistrySuiteContext): void {
  it('stores docs files: declared at init, uploaded once per content, checked, linked at register, per organization', async () => {
    const { server, admin, anonymous, other, state } = s;
    const logo = Buffer.from(`\x89PNG logo ${Math.random()}`);
    const diagram = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg"><title>${Math.random()}</title></svg>`,
    );
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    const files = [
      { path: 'assets/logo.png', sha256: sha(logo), size: logo.length, contentType: 'image/png' },
      { path: 'images/copy-of-logo.png', sha256: sha(logo), size: logo.length, contentType: 'image/png' },
      {
        path: 'images/diagram.svg',
        sha256: sha(diagram),
        size: diagram.length,
        contentType: 'image/svg+xml',
      },
    ];
    const uploadOf = (status: DocsFileStatus | undefined) => {
      if (status?.status !== 'upload') throw new Error(`expected an upload target, got ${status?.status}`);
      return status.upload;
    };
    const init = await admin.initDocsRegistrationV2({
      body: { orgId: 'local', domain: 'files.acme.test', files },
    });
    expect(init.files.map((file) => [file.path, file.status])).toEqual([
      ['assets/logo.png', 'upload'],
      ['images/copy-of-logo.png', 'upload'],
      ['images/diagram.svg', 'upload'],
    ]);
    const logoUpload = uploadOf(init.files[0]);
    // Same content, one upload.
    expect(uploadOf(init.files[1]).uploadId).toBe(logoUpload.uploadId);
    expect(logoUpload).toMatchObject({
      method: 'PUT',
      path: `/v2/registry/docs/files/${logoUpload.uploadId}`,
    });
    const diagramUpload = uploadOf(init.files[2]);

    const params = { uploadId: logoUpload.uploadId };
    await expectNamed(anonymous.uploadDocsFile({ params, body: logo }), 'UnauthorizedError');
    await expectNamed(other.uploadDocsFile({ params, body: logo }), 'UserNotInOrgError');
    const tampered = Buffer.from(logo);
    tampered.writeUInt8(tampered.readUInt8(0) ^ 1, 0);
    const mismatch = await expectNamed(
      admin.uploadDocsFile({ params, body: tampered }),
      'DocsFileHashMismatchError',
    );
    expect(mismatch.status).toBe(422);
    expect(mismatch.message).toContain('"assets/logo.png"');
    const short = await expectNamed(
      admin.uploadDocsFile({ params, body: logo.subarray(1) }),
      'DocsFileSizeMismatchError',
    );
    expect(short.message).toContain(`declared ${logo.length} bytes at init, received ${logo.length - 1}`);
    await expectNamed(
      admin.uploadDocsFile({ params: { uploadId: 'no-such-upload' }, body: logo }),
      'DocsFileUploadNotFoundError',
    );

    const definition = {
      docsDefinition: docsDefinition('Files', 'pets'),
      apiDefinitionIds: { pets: state.v3 },
    };
    const early = await expectNamed(
      admin.finishDocsRegistrationV2({ params: { id: init.docsRegistrationId }, body: definition }),
      'DocsFilesNotUploadedError',
    );
    expect(early.message).toContain('"images/diagram.svg"');

    const stored = await admin.uploadDocsFile({ params, body: logo });
    expect(stored).toMatchObject({ sha256: sha(logo), size: logo.length });
    // Uploading the same bytes again is harmless.
    expect((await admin.uploadDocsFile({ params, body: logo })).fileId).toBe(stored.fileId);
    await admin.uploadDocsFile({ params: { uploadId: diagramUpload.uploadId }, body: diagram });
    await admin.finishDocsRegistrationV2({ params: { id: init.docsRegistrationId }, body: definition });

    const docs = await anonymous.loadDocsForUrl({ body: { url: 'files.acme.test' } });
    expect(docs.files['assets/logo.png']).toEqual({
      fileId: stored.fileId,
      sha256: sha(logo),
      size: logo.length,
      contentType: 'image/png',
    });
    expect(docs.files['images/copy-of-logo.png']?.fileId).toBe(stored.fileId);
    expect(docs.files['images/diagram.svg']?.contentType).toBe('image/svg+xml');
    expect(Buffer.from((await server().app.registry.readDocsFile(stored.fileId)) ?? [])).toEqual(logo);
    // A docs host running alone reads the same bytes by the site's URL and content hash only.
    const read = await anonymous.readDocsFileForUrl({ query: { url: 'files.acme.test', sha256: sha(logo) } });
    expect(read).toMatchObject({ sha256: sha(logo), size: logo.length, contentType: 'image/png' });
    expect(Buffer.from(read.base64, 'base64')).toEqual(logo);
    await expectNamed(
      anonymous.readDocsFileForUrl({
        query: { url: 'files.acme.test', sha256: sha(Buffer.from('not linked')) },
      }),
      'DocsFileNotLinkedError',
    );

    // Publishing the same files again: nothing to upload.
    const again = await admin.initDocsRegistrationV2({
      body: { orgId: 'local', domain: 'files.acme.test', files },
    });
    expect(again.files.map((file) => file.status)).toEqual(['stored', 'stored', 'stored']);
    expect(again.files[0]).toMatchObject({ status: 'stored', fileId: stored.fileId });
    // Another organization never shares the bytes: it uploads its own.
    const elsewhere = await other.initDocsRegistrationV2({
      body: { orgId: 'acme', domain: 'files.acme-corp.test', files: files.slice(0, 1) },
    });
    expect(elsewhere.files[0]?.status).toBe('upload');

    const huge = await expectNamed(
      admin.initDocsPreview({
        body: { orgId: 'local', files: [{ ...files[0]!, size: MAX_DOCS_FILE_BYTES + 1 }] },
      }),
      'DocsFileTooLargeError',
    );
    expect(huge.message).toContain('"assets/logo.png"');
    for (const path of ['../secret.png', '/etc/passwd', 'a//b.png', 'a/./b.png']) {
      const refused = await admin
        .initDocsRegistration({
          body: { orgId: 'local', domain: 'files-v1.acme.test', files: [{ ...files[0]!, path }] },
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused, path).toBeInstanceOf(RegistryClientError);
      expect((refused as RegistryClientError).status, path).toBe(400);
    }
    const v1 = await admin.initDocsRegistration({
      body: { orgId: 'local', domain: 'files-v1.acme.test', files: files.slice(2) },
    });
    expect(v1.files[0]).toMatchObject({ path: 'images/diagram.svg', status: 'stored' });
  });
}
