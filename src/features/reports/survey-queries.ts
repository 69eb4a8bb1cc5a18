/**
 * Checkout survey report: answers counted per question, answer and period by PostgreSQL.
 *
 * The survey's storage is `surveys.answers` (jsonb, one object per order; the checkout
 * survey writes {source, ease, comment, locale}, the demo seed {heardFrom, rating, recommend,
 * comment}). Every key is a question except free text and bookkeeping (comment, locale), so a
 * question added to the survey shows up here without a code change.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export const NOT_QUESTIONS = ['comment', 'locale'] as const;

export type SurveyCount = { period: string; question: string; answer: string; count: number; percent: string };
export type SurveySummary = { responses: number; comments: number; counts: SurveyCount[] };

export async function surveyReport(
  db: DbOrTx,
  from: string,
  toExclusive: string,
  group: 'month' | 'all',
): Promise<SurveySummary> {
  const period = group === 'month' ? sql.raw(`to_char(s.created_at at time zone 'UTC', 'YYYY-MM')`) : sql.raw(`'all'`);
  const inPeriod = sql`s.created_at >= ${from}::date and s.created_at < ${toExclusive}::date`;
  const [counts, [head]] = await Promise.all([
    db.execute<{ period: string; question: string; answer: string; count: number; percent: string }>(sql`
      select period, question, answer, n::int as count,
        round(100.0 * n / sum(n) over (partition by period, question), 1)::text as percent
      from (
        select ${period} as period, kv.key as question, kv.value as answer, count(*) as n
        from surveys s cross join lateral jsonb_each_text(s.answers) kv
        where ${inPeriod} and kv.key not in (${sql.join(
          NOT_QUESTIONS.map((k) => sql`${k}`),
          sql`, `,
        )}) and kv.value is not null
        group by 1, 2, 3
      ) c
      order by period, question, n desc, answer`),
    db
      .execute<{ responses: number; comments: number }>(sql`
      select count(*)::int as responses, count(*) filter (where coalesce(s.answers->>'comment', '') <> '')::int as comments
      from surveys s where ${inPeriod}`)
      .then((r) => r.rows),
  ]);
  return {
    responses: head?.responses ?? 0,
    comments: head?.comments ?? 0,
    counts: counts.rows.map((r) => ({ ...r, count: Number(r.count) })),
  };
}
