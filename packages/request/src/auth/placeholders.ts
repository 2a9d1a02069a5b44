/** What a snippet shows where a credential goes that the reader has not entered (or asked to hide). */
export const AUTH_PLACEHOLDERS = {
  token: '<token>',
  username: '<username>',
  password: '<password>',
  apiKey: '<api-key>',
  /** A basic-auth header whose user or password is a placeholder: base64 of placeholders reads as noise. */
  credentials: '<credentials>',
} as const;

/** True when `value` is one of the placeholders (never a secret to encode). */
export function isAuthPlaceholder(value: string): boolean {
  return (Object.values(AUTH_PLACEHOLDERS) as string[]).includes(value);
}
