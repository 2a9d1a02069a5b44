import { type NamedErrorName, RegistryNamedError } from '@sextant/registry-client';
import { expect } from 'vitest';

/** Awaits `promise` and checks it fails with the named registry error. */
export async function expectNamed(
  promise: Promise<unknown>,
  name: NamedErrorName,
): Promise<RegistryNamedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected ${name}`).toBeInstanceOf(RegistryNamedError);
  expect((error as RegistryNamedError).errorName).toBe(name);
  return error as RegistryNamedError;
}
