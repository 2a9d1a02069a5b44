/** The dashboard part of the server (`/_sextant/dashboard`). */
export { DASHBOARD_CSP, dashboardPlugin } from './plugin.js';
