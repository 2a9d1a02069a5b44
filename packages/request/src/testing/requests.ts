/**
 * Built requests of the fixture API, one per snippet feature, shared by the targets' exact-string tests.
 */
import type { AuthState } from '../auth/auth-state.js';
import { buildRequest } from '../build/build-request.js';
import type { BuiltRequest } from '../build/built-request.js';
import type { BodyState } from '../form-state/form-state.js';
import { blankFormState } from '../form-state/initial-state.js';
import {
  buildOptions,
  createPet,
  getCart,
  getPet,
  listPets,
  login,
  putFile,
  uploadPhoto,
} from './fixtures.js';

const state = blankFormState;
const multipart: BodyState = {
  type: 'form-data',
  value: {
    photo: { type: 'file', value: new File(['png'], 'cat.png', { type: 'image/png' }) },
    caption: { type: 'json', value: 'Hi' },
  },
};

export const sample = {
  get: (auth?: AuthState): BuiltRequest =>
    buildRequest(
      listPets,
      state({ queryParameters: { q: 'rex', tags: ['a', 'b'] } }),
      auth,
      undefined,
      buildOptions,
    ),
  cookies: (): BuiltRequest =>
    buildRequest(
      getCart,
      state({ cookies: { session: 'a b;c', theme: 'dark' }, queryParameters: { page: 2 } }),
      undefined,
      undefined,
      buildOptions,
    ),
  emptyPath: (): BuiltRequest =>
    buildRequest(getPet, state({ pathParameters: { petId: '' } }), undefined, undefined, buildOptions),
  headerKey: (): BuiltRequest =>
    buildRequest(
      getPet,
      state({ pathParameters: { petId: '1' } }),
      { header: { headers: { 'X-API-Key': 'k1' } } },
      undefined,
      buildOptions,
    ),
  json: (auth?: AuthState): BuiltRequest =>
    buildRequest(
      createPet,
      state({ body: { type: 'json', value: { name: "O'Neil", tags: ['a'], ok: true, n: null } } }),
      auth,
      undefined,
      buildOptions,
    ),
  multipart: (): BuiltRequest =>
    buildRequest(
      uploadPhoto,
      state({ pathParameters: { petId: '7' }, body: multipart }),
      undefined,
      undefined,
      buildOptions,
    ),
  bytes: (): BuiltRequest =>
    buildRequest(
      putFile,
      state({
        pathParameters: { name: 'a' },
        body: { type: 'octet-stream', value: new File(['x'], 'data.bin') },
      }),
      undefined,
      undefined,
      buildOptions,
    ),
  urlencoded: (): BuiltRequest =>
    buildRequest(
      login,
      state({ body: { type: 'form-data', value: { user: { type: 'json', value: 'a b' } } } }),
      undefined,
      undefined,
      buildOptions,
    ),
};
