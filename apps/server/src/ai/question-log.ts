/**
 * The question log of Ask AI in the registry's database (migration 005_ai.sql): `record` stores a
 * question with its answer, cited sources, location, the reader's page and whether it failed
 * (migration 011); `rate` sets the reader's feedback (only
 * for a question of the same site, so one site cannot rate another's); `list` reads an
 * organization's log newest first (the registry call `POST /ai/get-question-log`).
 */
import type { AiLocation } from '@sextant/definition';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';

// A type alias, not an interface: Kysely's withTables needs an indexable record type.
export type AiQuestionsTable = {
  ai_questions: {
    id: string;
    org_id: string;
    docs_url: string;
    location: AiLocation;
    model: string;
    question: string;
    answer: string;
    /** JSON text on insert; parsed JSON on read. */
    sources: unknown;
    error_code: string | null;
    failed: boolean;
    page: string | null;
    feedback: 'up' | 'down' | null;
    asked_at: Date;
  };
};

export interface QuestionLogEntry {
  id: string;
  orgId: string;
  docsUrl: string;
  location: AiLocation;
  model: string;
  question: string;
  answer: string;
  sources: { title: string; url: string }[];
  errorCode?: string;
  /** The slug the reader was on (site chat). */
  page?: string;
}

export interface LoggedQuestion {
  id: string;
  askedAt: string;
  docsUrl: string;
  location: AiLocation;
  question: string;
  answer: string;
  sources: { title: string; url: string }[];
  feedback: 'up' | 'down' | null;
  failed: boolean;
  errorCode: string | null;
  page: string | null;
}

/** Which questions a list shows. */
export interface QuestionFilter {
  /** One docs URL (a site). */
  url?: string;
  feedback?: 'up' | 'down' | 'none';
  location?: AiLocation;
  failed?: boolean;
}

/** Longest stored answer; a runaway provider cannot fill the database. */
const MAX_STORED_ANSWER = 50_000;
/** Longest stored page slug. */
const MAX_STORED_PAGE = 2000;

type Db = Kysely<Database & AiQuestionsTable>;
const withLog = (db: Kysely<Database>): Db => db.withTables<AiQuestionsTable>();

export async function recordQuestion(db: Kysely<Database>, entry: QuestionLogEntry): Promise<void> {
  await withLog(db)
    .insertInto('ai_questions')
    .values({
      id: entry.id,
      org_id: entry.orgId,
      docs_url: entry.docsUrl,
      location: entry.location,
      model: entry.model,
      question: entry.question,
      answer: entry.answer.slice(0, MAX_STORED_ANSWER),
      sources: JSON.stringify(entry.sources),
      error_code: entry.errorCode ?? null,
      failed: entry.errorCode !== undefined,
      page: entry.page?.slice(0, MAX_STORED_PAGE) ?? null,
      feedback: null,
      asked_at: new Date(),
    })
    .execute();
}

/** Sets the feedback of a question of this site; false when the site has no such question. */
export async function rateQuestion(
  db: Kysely<Database>,
  site: { orgId: string; docsUrl: string },
  id: string,
  rating: 'up' | 'down',
): Promise<boolean> {
  const result = await withLog(db)
    .updateTable('ai_questions')
    .set({ feedback: rating })
    .where('id', '=', id)
    .where('org_id', '=', site.orgId)
    .where('docs_url', '=', site.docsUrl)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page of an organization's log, newest first, filtered by site, feedback, location and failure. */
export async function listQuestions(
  db: Kysely<Database>,
  orgId: string,
  options: QuestionFilter & { page: number; limit: number },
): Promise<{ questions: LoggedQuestion[]; hasMore: boolean }> {
  let query = withLog(db).selectFrom('ai_questions').selectAll().where('org_id', '=', orgId);
  if (options.url !== undefined) query = query.where('docs_url', '=', options.url);
  if (options.feedback === 'none') query = query.where('feedback', 'is', null);
  else if (options.feedback !== undefined) query = query.where('feedback', '=', options.feedback);
  if (options.location !== undefined) query = query.where('location', '=', options.location);
  if (options.failed !== undefined) query = query.where('failed', '=', options.failed);
  const rows = await query
    .orderBy('asked_at', 'desc')
    .orderBy('id', 'desc')
    .offset(options.page * options.limit)
    .limit(options.limit + 1)
    .execute();
  return {
    questions: rows.slice(0, options.limit).map((row) => ({
      id: row.id,
      askedAt: new Date(row.asked_at).toISOString(),
      docsUrl: row.docs_url,
      location: row.location,
      question: row.question,
      answer: row.answer,
      sources: parseSources(row.sources),
      feedback: row.feedback,
      failed: row.failed,
      errorCode: row.error_code,
      page: row.page,
    })),
    hasMore: rows.length > options.limit,
  };
}

function parseSources(value: unknown): { title: string; url: string }[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'title' in item && 'url' in item
      ? [{ title: String(item.title), url: String(item.url) }]
      : [],
  );
}
