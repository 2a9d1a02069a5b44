/**
 * A Kysely plugin that times registry database queries into the metrics: the clock starts when
 * a query is compiled for execution and stops when its result arrives (failed queries are not
 * observed). Per-query state lives in a WeakMap keyed by Kysely's query id, as Kysely advises.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { ServerMetrics } from './server-metrics.js';

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'merge',
  RawNode: 'raw',
};

/** The plugin recording into `metrics`. */
export function queryTimer(metrics: ServerMetrics): KyselyPlugin {
  const started = new WeakMap<object, { at: number; operation: string }>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      started.set(args.queryId, { at: performance.now(), operation: OPERATIONS[args.node.kind] ?? 'other' });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const start = started.get(args.queryId);
      if (start) metrics.dbQuery(start.operation, (performance.now() - start.at) / 1000);
      return args.result;
    },
  };
}
