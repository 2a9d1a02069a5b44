/** Kysely table types of the registry schema (migrations/*.sql). */
import type { ApiChangelogEntry } from '@sextant/definition';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

export interface Database {
  organizations: { id: string; created_at: CreatedAt };
  users: { id: string; is_operator: Generated<boolean>; created_at: CreatedAt };
  memberships: { user_id: string; org_id: string; role: Generated<'admin' | 'member'> };
  docs_hosts: { host: string; org_id: string; created_at: CreatedAt };
  domain_claims: {
    org_id: string;
    host: string;
    token: string;
    created_at: CreatedAt;
    verified_at: Date | null;
  };
  tokens: {
    id: string;
    user_id: string;
    secret_hash: string;
    description: string | null;
    created_at: CreatedAt;
    revoked_at: Date | null;
    /** The one organization an org token acts in; null for an operator token. */
    org_id: string | null;
    /** An operator token (acts as the platform operator when its user is one). */
    operator: Generated<boolean>;
  };
  org_invitations: {
    org_id: string;
    user_id: string;
    role: 'admin' | 'member';
    invited_by: string;
    created_at: CreatedAt;
  };
  api_definitions: {
    id: string;
    org_id: string;
    api_id: string;
    definition_gz: Uint8Array;
    size_bytes: number;
    sha256: string;
    seq: Generated<string>;
    created_at: CreatedAt;
    /** The API's title and its spec version (`info.version`), for the dashboard (migration 014). */
    title: string | null;
    spec_version: string | null;
  };
  /** One row per publish that changed an API (migration 012): its `ApiChangelogEntry`. */
  api_changelog: {
    api_definition_id: string;
    org_id: string;
    api_id: string;
    previous_api_definition_id: string;
    entry: Json<ApiChangelogEntry>;
    created_at: CreatedAt;
  };
  /** "Was this page helpful?" answers per page and hour (migration 013). */
  page_feedback_hourly: {
    org_id: string;
    docs_url: string;
    page: string;
    title: string;
    hour: CreatedAt;
    helpful: Generated<number>;
    not_helpful: Generated<number>;
  };
  docs_registrations: {
    id: string;
    org_id: string;
    kind: 'v1' | 'v2' | 'preview';
    urls: Json<string[]>;
    custom_urls: Json<string[]>;
    api_id: string | null;
    created_at: CreatedAt;
    completed_at: Date | null;
  };
  docs_definitions: {
    id: string;
    org_id: string;
    registration_id: string;
    definition_gz: Uint8Array;
    api_definition_ids: Json<Record<string, string>>;
    created_at: CreatedAt;
  };
  docs_urls: {
    url: string;
    domain: string;
    base_path: string;
    org_id: string;
    docs_definition_id: string | null;
    is_custom: boolean;
    is_preview: boolean;
    is_archived: Generated<boolean>;
    metadata: Json<Record<string, unknown>>;
    created_at: CreatedAt;
    updated_at: CreatedAt;
  };
  docs_files: {
    id: string;
    org_id: string;
    sha256: string;
    size_bytes: number;
    blob_key: string;
    created_at: CreatedAt;
  };
  docs_registration_files: {
    registration_id: string;
    path: string;
    sha256: string;
    size_bytes: number;
    content_type: string;
  };
  docs_file_uploads: {
    id: string;
    registration_id: string;
    org_id: string;
    sha256: string;
    size_bytes: number;
    expires_at: Date;
    file_id: string | null;
    created_at: CreatedAt;
  };
  docs_definition_files: {
    docs_definition_id: string;
    path: string;
    file_id: string;
    content_type: string;
  };
  search_preview_whitelist: { domain: string; created_at: CreatedAt };
  generators: {
    id: string;
    docker_image: string;
    org_id: string | null;
    data: Json<Record<string, unknown>>;
    updated_at: CreatedAt;
  };
  generator_releases: {
    generator_id: string;
    version: string;
    release_type: string;
    ir_version: number;
    data: Json<Record<string, unknown>>;
    created_at: CreatedAt;
  };
  cli_releases: {
    version: string;
    release_type: string;
    ir_version: number;
    data: Json<Record<string, unknown>>;
    created_at: CreatedAt;
  };
  github_repositories: {
    owner: string;
    name: string;
    org_id: string | null;
    data: Json<Record<string, unknown>>;
    updated_at: CreatedAt;
  };
  github_pull_requests: {
    owner: string;
    repo: string;
    number: number;
    state: string;
    author: string | null;
    data: Json<Record<string, unknown>>;
    updated_at: CreatedAt;
  };
  snippets: {
    id: string;
    org_id: string;
    api_id: string;
    method: string;
    path: string;
    language: string;
    api_definition_id: string | null;
    data: Json<Record<string, unknown>>;
    seq: Generated<string>;
    created_at: CreatedAt;
  };
  snippet_templates: {
    org_id: string;
    api_id: string;
    method: string;
    path: string;
    sdk_type: string;
    sdk_package: string;
    sdk_version: string;
    api_definition_id: string | null;
    template: Json<unknown>;
    created_at: CreatedAt;
  };
  sdk_releases: {
    org_id: string;
    package_name: string;
    language: string;
    version: string;
    api_definition_id: string;
    created_at: CreatedAt;
  };
  playground_events: {
    id: Generated<string>;
    org_id: string;
    docs_url: string;
    endpoint_id: string;
    kind: 'sent' | 'received';
    status: number | null;
    status_class: '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'failed' | null;
    latency_ms: number | null;
    size_bytes: string | number | null;
    error_kind: string | null;
    at: CreatedAt;
  };
  playground_hourly: {
    org_id: string;
    docs_url: string;
    endpoint_id: string;
    hour: CreatedAt;
    method: string;
    path: string;
    requests: number;
    status_1xx: number;
    status_2xx: number;
    status_3xx: number;
    status_4xx: number;
    status_5xx: number;
    failed: number;
    latency_buckets: number[];
  };
  schema_migrations: { name: string; applied_at: CreatedAt };
}
