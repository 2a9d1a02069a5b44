import { describe, expect, it } from 'vitest';
import { sample } from '../../../../testing/requests.js';
import { pythonRequests } from './requests.js';

describe('Python requests target', () => {
  it('cookie parameters through cookies=, encoded', () => {
    const code = pythonRequests.generate(sample.cookies());
    expect(code).toContain('cookies = {\n  "session": "a%20b%3Bc",\n  "theme": "dark",\n}');
    expect(code).toContain('response = requests.request("GET", url, cookies=cookies)');
  });
  it('GET with headers', () => {
    expect(pythonRequests.generate(sample.get({ bearer: { token: 't1' } }))).toBe(
      `import requests

url = "https://api.example.com/v1/pets?tags=a&tags=b&q=rex"

headers = {
  "Authorization": "Bearer t1",
}

response = requests.request("GET", url, headers=headers)

print(response.json())`,
    );
  });
  it('JSON body as a Python literal sent as the exact JSON text', () => {
    expect(pythonRequests.generate(sample.json())).toBe(
      `import json

import requests

url = "https://api.example.com/v1/pets"

headers = {
  "Content-Type": "application/json",
}

payload = {
  "name": "O'Neil",
  "tags": [
    "a",
  ],
  "ok": True,
  "n": None,
}

response = requests.request("POST", url, headers=headers, data=json.dumps(payload, indent=2, ensure_ascii=False).encode("utf-8"))

print(response.json())`,
    );
  });
  it('multipart parts in order through files=, no Content-Type header', () => {
    expect(pythonRequests.generate(sample.multipart())).toBe(
      `import requests

url = "https://api.example.com/v1/pets/7/photo"

files = [
  ("photo", ("cat.png", open("cat.png", "rb"), "image/png")),
  ("caption", (None, "Hi")),
]

response = requests.request("POST", url, files=files)

print(response.json())`,
    );
  });
  it('raw bytes from a file', () => {
    expect(pythonRequests.generate(sample.bytes())).toContain(
      'response = requests.request("PUT", url, headers=headers, data=open("data.bin", "rb"))',
    );
  });
  it('urlencoded body as its exact text', () => {
    expect(pythonRequests.generate(sample.urlencoded())).toContain(
      'payload = "user=a+b"\n\nresponse = requests.request("POST", url, headers=headers, data=payload)',
    );
  });
  it('redacted basic credentials', () => {
    expect(
      pythonRequests.generate(sample.json({ basic: { username: 'ada', password: 'pw' } }), {
        redactAuth: true,
      }),
    ).toContain('"Authorization": "Basic <credentials>",');
  });
});
