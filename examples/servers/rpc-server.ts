/**
 * The demo JSON-RPC 2.0 upstream (examples/apis/demo-rpc.openrpc.json): `POST /` with single
 * or batch requests; methods add, divide, echo, listPlants and getPlant; the standard errors
 * (-32700 parse, -32600 invalid request, -32601 method not found, -32602 invalid params) and
 * application errors (-32000 division by zero, -32004 plant not found). Notifications (no id)
 * get no answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './body.js';

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}
class RpcFailure extends Error {
  constructor(readonly rpc: RpcError) {
    super(rpc.message);
  }
}

const PLANTS = [
  { id: 1, name: 'Fern', species: 'Nephrolepis exaltata' },
  { id: 2, name: 'Cactus', species: 'Echinopsis' },
  { id: 3, name: 'Monstera', species: 'Monstera deliciosa' },
];

const invalidParams = (message: string) =>
  new RpcFailure({ code: -32602, message: `Invalid params: ${message}` });

/** Reads a named or positional parameter. */
function param(params: unknown, name: string, index: number): unknown {
  if (Array.isArray(params)) return params[index];
  if (params && typeof params === 'object') return (params as Record<string, unknown>)[name];
  return undefined;
}

function number(params: unknown, name: string, index: number): number {
  const value = param(params, name, index);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidParams(`${name} must be a number`);
  return value;
}

const METHODS: Record<string, (params: unknown) => unknown> = {
  add: (p) => number(p, 'a', 0) + number(p, 'b', 1),
  divide: (p) => {
    const b = number(p, 'b', 1);
    if (b === 0) throw new RpcFailure({ code: -32000, message: 'Division by zero', data: { b } });
    return number(p, 'a', 0) / b;
  },
  echo: (p) => {
    const message = param(p, 'message', 0);
    if (typeof message !== 'string') throw invalidParams('message must be a string');
    return { message, length: message.length };
  },
  listPlants: (p) => {
    const limit = param(p, 'limit', 0) ?? 10;
    if (typeof limit !== 'number' || limit < 1) throw invalidParams('limit must be a positive number');
    return PLANTS.slice(0, limit);
  },
  getPlant: (p) => {
    const id = number(p, 'id', 0);
    const plant = PLANTS.find((entry) => entry.id === id);
    if (!plant) throw new RpcFailure({ code: -32004, message: 'Plant not found', data: { id } });
    return plant;
  },
};

/** Answers one JSON-RPC request object; undefined for a notification. */
export function answerRpc(request: unknown): object | undefined {
  const r = request as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown };
  const idValid =
    r && (r.id === undefined || r.id === null || typeof r.id === 'string' || typeof r.id === 'number');
  const id = idValid && r.id !== undefined ? r.id : null;
  if (!r || typeof r !== 'object' || r.jsonrpc !== '2.0' || typeof r.method !== 'string' || !idValid) {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request' } };
  }
  if (r.params !== undefined && (typeof r.params !== 'object' || r.params === null)) {
    return {
      jsonrpc: '2.0',
      id,
      error: { code: -32602, message: 'Invalid params: params must be an array or object' },
    };
  }
  const method = Object.hasOwn(METHODS, r.method) ? METHODS[r.method] : undefined;
  let answer: object;
  if (!method)
    answer = { jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${r.method}` } };
  else {
    try {
      answer = { jsonrpc: '2.0', id, result: method(r.params) };
    } catch (failure) {
      const error = failure instanceof RpcFailure ? failure.rpc : { code: -32603, message: 'Internal error' };
      answer = { jsonrpc: '2.0', id, error };
    }
  }
  return r.id === undefined ? undefined : answer;
}

/** Creates the JSON-RPC demo's request handler. */
export function createRpcHandler(): (req: IncomingMessage, res: ServerResponse) => void {
  const reply = (res: ServerResponse, value: unknown) => {
    if (value === undefined) return res.writeHead(204).end();
    const body = JSON.stringify(value);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  return (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*' })
        .end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Use POST' } }));
      return;
    }
    readBody(req, 1024 * 1024).then(
      (body) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          return reply(res, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
        }
        if (Array.isArray(parsed)) {
          if (parsed.length === 0)
            return reply(res, {
              jsonrpc: '2.0',
              id: null,
              error: { code: -32600, message: 'Invalid Request' },
            });
          const answers = parsed.map(answerRpc).filter((answer) => answer !== undefined);
          return reply(res, answers.length ? answers : undefined);
        }
        reply(res, answerRpc(parsed));
      },
      () => reply(res, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } }),
    );
  };
}
