import { describe, expect, it } from 'vitest';
import { sample } from '../../../../testing/requests.js';
import { fetchTarget } from './fetch.js';

describe('TypeScript fetch target', () => {
  it('cookie parameters as a Cookie header, with a note that browsers do not send it', () => {
    expect(fetchTarget.generate(sample.cookies())).toContain(
      `headers: {
    // Browsers never send a Cookie header set by script: run this in Node, Deno or Bun.
    "Cookie": "session=a%20b%3Bc; theme=dark",
  },`,
    );
  });
  it('GET with headers', () => {
    expect(fetchTarget.generate(sample.get({ bearer: { token: 't1' } }))).toBe(
      `const response = await fetch("https://api.example.com/v1/pets?tags=a&tags=b&q=rex", {
  method: "GET",
  headers: {
    "Authorization": "Bearer t1",
  },
});

const data = await response.json();
console.log(data);`,
    );
  });
  it('JSON body as an object literal, 2-space indented', () => {
    expect(fetchTarget.generate(sample.json())).toBe(
      `const body = {
  name: "O'Neil",
  tags: [
    "a",
  ],
  ok: true,
  n: null,
};

const response = await fetch("https://api.example.com/v1/pets", {
  method: "POST",
  headers: {
    "Content-Type": "application/json",
  },
  body: JSON.stringify(body, null, 2),
});

const data = await response.json();
console.log(data);`,
    );
  });
  it('multipart drops the Content-Type header', () => {
    expect(fetchTarget.generate(sample.multipart())).toBe(
      `import { openAsBlob } from "node:fs";

const form = new FormData();
form.append("photo", await openAsBlob("cat.png", { type: "image/png" }), "cat.png");
form.append("caption", "Hi");

const response = await fetch("https://api.example.com/v1/pets/7/photo", {
  method: "POST",
  body: form,
});

const data = await response.json();
console.log(data);`,
    );
  });
  it('raw bytes from a file, empty response', () => {
    expect(fetchTarget.generate(sample.bytes())).toBe(
      `import { openAsBlob } from "node:fs";

const response = await fetch("https://api.example.com/v1/files/a", {
  method: "PUT",
  headers: {
    "Content-Type": "application/octet-stream",
  },
  body: await openAsBlob("data.bin"),
});

console.log(response.status);`,
    );
  });
  it('urlencoded body', () => {
    expect(fetchTarget.generate(sample.urlencoded())).toContain(
      'body: new URLSearchParams([\n    ["user", "a b"],\n  ]),',
    );
  });
  it('redacted bearer token', () => {
    expect(fetchTarget.generate(sample.get({ bearer: { token: 't1' } }), { redactAuth: true })).toContain(
      '"Authorization": "Bearer <token>",',
    );
  });
});
