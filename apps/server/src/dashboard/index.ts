/** The dashboard part of the server (`/_sextant/dashboard`). */
export { DASHBOARD_CSP, dashboardPlugin } from './plugin.js';
export { openSession, sessionIdOf, sessionRequestProblem, sessionToken } from './session.js';
