/** Server-wide test helpers: the server started on loopback with the parts a test needs. */
export {
  type HostedOrganization,
  type ListeningServer,
  type LocalSite,
  listenOnLoopback,
  portOf,
  startHostedOrganization,
  startLocalDocs,
  startLocalSite,
} from './test-servers.js';
