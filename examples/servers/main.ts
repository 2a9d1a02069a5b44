/** Runs the demo servers alone: `npx tsx examples/servers/main.ts` (Ctrl-C stops them). */
import { startDemoServers } from './start-demo-servers.js';

const demos = await startDemoServers();
console.log(`REST ${demos.restUrl}  WebSocket ${demos.wsUrl}/chat  JSON-RPC ${demos.rpcUrl}`);
process.once('SIGINT', () => void demos.close().then(() => process.exit(0)));
