import { describe, expect, it } from 'vitest';
import { sample } from '../../../../testing/requests.js';
import { curl } from './curl.js';

describe('curl target', () => {
  it('cookie parameters in one --cookie, encoded', () => {
    expect(curl.generate(sample.cookies())).toBe(
      "curl 'https://api.example.com/v1/cart?page=2' \\\n  --cookie 'session=a%20b%3Bc; theme=dark'",
    );
  });
  it('GET with query and a bearer header', () => {
    expect(curl.generate(sample.get({ bearer: { token: 't1' } }))).toBe(
      "curl 'https://api.example.com/v1/pets?tags=a&tags=b&q=rex' \\\n  -H 'Authorization: Bearer t1'",
    );
  });
  it('empty path parameter as :name', () => {
    expect(curl.generate(sample.emptyPath())).toBe("curl 'https://api.example.com/v1/pets/:petId'");
  });
  it('JSON body with a quote, 2-space indented', () => {
    expect(curl.generate(sample.json())).toBe(
      `curl -X POST 'https://api.example.com/v1/pets' \\
  -H 'Content-Type: application/json' \\
  --data '{
  "name": "O'\\''Neil",
  "tags": [
    "a"
  ],
  "ok": true,
  "n": null
}'`,
    );
  });
  it('basic auth as -u when basic is the first scheme', () => {
    expect(
      curl
        .generate(sample.json({ basic: { username: 'ada', password: 'pw' } }))
        .split('\n')
        .slice(0, 3),
    ).toEqual([
      "curl -X POST 'https://api.example.com/v1/pets' \\",
      "  -H 'Content-Type: application/json' \\",
      "  -u 'ada:pw' \\",
    ]);
  });
  it('multipart: one flag per part, Content-Type left to curl', () => {
    expect(curl.generate(sample.multipart())).toBe(
      `curl -X POST 'https://api.example.com/v1/pets/7/photo' \\
  -F 'photo=@"cat.png";type=image/png' \\
  --form-string 'caption=Hi'`,
    );
  });
  it('raw bytes from a file', () => {
    expect(curl.generate(sample.bytes())).toBe(
      `curl -X PUT 'https://api.example.com/v1/files/a' \\
  -H 'Content-Type: application/octet-stream' \\
  --data-binary '@data.bin'`,
    );
  });
  it('urlencoded body', () => {
    expect(curl.generate(sample.urlencoded())).toBe(
      `curl -X POST 'https://api.example.com/v1/login' \\
  -H 'Content-Type: application/x-www-form-urlencoded' \\
  --data 'user=a+b'`,
    );
  });
  it('redacted header key', () => {
    expect(curl.generate(sample.headerKey(), { redactAuth: true })).toBe(
      "curl 'https://api.example.com/v1/pets/1' \\\n  -H 'X-API-Key: Token <api-key>'",
    );
  });
});
