/** The error catalogue of @sextant/dashboard. */
import { type ErrorCatalogue, SextantError } from '@sextant/definition/errors';

/** A failed dashboard API call: the registry-style error name (`errorName`) and its message. */
export class DashboardApiError extends SextantError<'DashboardApiError'> {
  constructor(
    readonly errorName: string,
    message: string,
    readonly status: number,
  ) {
    super('DashboardApiError', message, { details: { errorName, status } });
  }
}

/** A page read the dashboard's session outside the signed-in dashboard (a wiring mistake). */
export class DashboardContextMissingError extends SextantError<'DashboardContextMissingError'> {
  constructor() {
    super('DashboardContextMissingError', 'useDashboard outside a signed-in dashboard');
  }
}

export const dashboardErrors: ErrorCatalogue = {
  packageName: '@sextant/dashboard',
  entries: [
    {
      code: 'DashboardApiError',
      description: 'A dashboard API call failed; errorName is the registry-style name of the reply.',
      example: () => new DashboardApiError('UnauthorizedError', 'Sign in again', 401),
    },
    {
      code: 'DashboardContextMissingError',
      description: 'A dashboard page read the session outside the signed-in dashboard.',
      example: () => new DashboardContextMissingError(),
    },
  ],
};
