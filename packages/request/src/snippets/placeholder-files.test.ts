/**
 * Multipart snippets show their file parts before a file is chosen (issue #28 item 8), in every
 * language, with the boundary left to the client; Send never sends a placeholder.
 */
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../build/build-request.js';
import { initialFormState } from '../form-state/initial-state.js';
import { setFormFiles } from '../form-state/operations.js';
import { buildOptions, listOrders, putFile, uploadPhoto } from '../testing/fixtures.js';
import { formWithPlaceholderFiles, placeholderFileName } from './placeholder-files.js';
import { renderSnippet } from './targets.js';

const snippet = (language: string) =>
  renderSnippet(
    language,
    buildRequest(
      listOrders,
      formWithPlaceholderFiles(listOrders, initialFormState(listOrders)),
      undefined,
      undefined,
      buildOptions,
    ),
  );

describe('placeholder files in snippets', () => {
  it('names a placeholder after its field and content type; hostile keys stay a plain file name', () => {
    expect(placeholderFileName('receipt', 'application/pdf')).toBe('receipt.pdf');
    expect(placeholderFileName('photo', 'image/png, image/jpeg')).toBe('photo.png');
    expect(placeholderFileName('blob', undefined)).toBe('blob.bin');
    expect(placeholderFileName('../../etc/passwd', 'text/plain')).toBe('etc_passwd.txt');
    expect(placeholderFileName('$(rm -rf ~)', undefined)).toBe('rm_-rf_.bin');
    expect(placeholderFileName('', undefined)).toBe('file.bin');
  });

  it('curl sends the required file part with -F and lets curl write the boundary', () => {
    const curl = snippet('curl');
    expect(curl).toContain(`-F 'receipt=@"receipt.pdf";type=application/pdf'`);
    expect(curl).toContain(`--form-string 'note='`);
    expect(curl).not.toMatch(/Content-Type/i);
    expect(curl).not.toContain('photos');
  });

  it('TypeScript appends the file to a FormData from disk; fetch writes the boundary', () => {
    const ts = snippet('typescript');
    expect(ts).toContain('import { openAsBlob } from "node:fs";');
    expect(ts).toContain(
      'form.append("receipt", await openAsBlob("receipt.pdf", { type: "application/pdf" }), "receipt.pdf");',
    );
    expect(ts).toContain('body: form,');
    expect(ts).not.toMatch(/Content-Type/i);
  });

  it('Python passes it in files=; requests writes the boundary', () => {
    const py = snippet('python');
    expect(py).toContain('("receipt", ("receipt.pdf", open("receipt.pdf", "rb"), "application/pdf"))');
    expect(py).toContain('files=files');
    expect(py).not.toMatch(/Content-Type/i);
  });

  it('a chosen file is kept; optional file fields get no placeholder; raw bytes get one', () => {
    const chosen = setFormFiles(initialFormState(uploadPhoto), 'photo', [new File(['x'], 'me.png')]);
    expect(formWithPlaceholderFiles(uploadPhoto, chosen)).toBe(chosen);
    const untouched = formWithPlaceholderFiles(uploadPhoto, initialFormState(uploadPhoto));
    expect(untouched.body?.type === 'form-data' && untouched.body.value.extras).toEqual({
      type: 'files',
      value: [],
    });
    const bytes = formWithPlaceholderFiles(putFile, initialFormState(putFile));
    expect(bytes.body?.type === 'octet-stream' && bytes.body.value?.name).toBe('file.bin');
  });

  it('Send without a file sends no part and no multipart Content-Type without a boundary', () => {
    const request = buildRequest(
      listOrders,
      initialFormState(listOrders),
      undefined,
      undefined,
      buildOptions,
    );
    expect(request.body).toEqual({ type: 'form-data', parts: [{ type: 'text', name: 'note', value: '' }] });
    const empty = buildRequest(
      listOrders,
      { ...initialFormState(listOrders), body: { type: 'form-data', value: {} } },
      undefined,
      undefined,
      buildOptions,
    );
    expect(empty.body).toEqual({ type: 'none' });
    expect(Object.keys(empty.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
  });
});
