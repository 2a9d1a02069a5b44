/** The console host: where the dashboard, cookie sessions and /metrics answer in hosted mode. */
export {
  type ConsoleGate,
  ConsoleHostOptionError,
  consoleHostConflict,
  createConsoleGate,
  hostNameOf,
  parseConsoleHost,
  type TenantHosts,
} from './console-host.js';
export { consoleHostPart } from './console-plugin.js';
