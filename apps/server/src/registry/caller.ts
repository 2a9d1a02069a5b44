/**
 * The authenticated caller of a registry call, as read from a token row (bearer auth and
 * dashboard sessions read it the same way). A token acts in one organization, or as the operator.
 */

/** The authenticated caller. */
export interface Caller {
  userId: string;
  tokenId: string;
  /** The one organization this token acts in; null for an operator token. */
  orgId: string | null;
  /** A platform operator: creates organizations, publishes CLI releases, manages every site. */
  isOperator: boolean;
}

/** Reads a caller from a token row joined with its user (bearer auth and dashboard sessions). */
export function callerOfTokenRow(row: {
  id: string;
  user_id: string;
  org_id: string | null;
  operator: boolean;
  is_operator: boolean;
}): Caller {
  return {
    userId: row.user_id,
    tokenId: row.id,
    orgId: row.org_id,
    // Both: the token was made as an operator token, and its user is (still) an operator.
    isOperator: row.operator && row.is_operator,
  };
}

/** Columns `callerOfTokenRow` reads, for a select over tokens joined with users. */
export const CALLER_COLUMNS = [
  'tokens.id',
  'tokens.user_id',
  'tokens.org_id',
  'tokens.operator',
  'tokens.revoked_at',
  'users.is_operator',
] as const;
