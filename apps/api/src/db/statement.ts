import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';
import { executeNamed } from './client';
import { type RefusalCode, refusalOf } from './refusal';

/**
 * One statement written by several modules (ADR 028, ADR 044): each module exports its part of it as named steps
 * (common table expressions), the checks the statement must pass and the shop error each of its refusals means;
 * a workflow composes the parts and runs them as one statement, so the row locks it takes are held for that
 * statement and its commit only. No module runs or wraps another module's SQL: a part reads an earlier part's
 * step only by the name that part exports (e.g. the inventory's `lineTaken`).
 */

/** One named step: `name as (body)`. */
export interface StatementStep {
  readonly name: string;
  readonly body: SQL;
}

/** A module's part of a composed statement. */
export interface StatementPart {
  /** Its steps, in the order they are written; a step may read the steps of the parts before it. */
  readonly steps: readonly StatementStep[];
  /** Boolean SQL that must hold for the statement to answer (each a shop_refuse_unless, db/refusal.ts). */
  readonly checks?: readonly SQL[];
  /** The shop error each refusal this part raises stands for, given the refusal's detail. */
  readonly refusals?: Partial<Record<RefusalCode, (detail: string) => Error>>;
}

/** What the statement answers: the rows of one step of a part, each decoded into its typed shape. */
export interface StatementAnswer<Row> {
  readonly step: string;
  /** The order of the rows, in terms of the step's columns. */
  readonly orderBy?: SQL;
  readonly decode: (row: Readonly<Record<string, unknown>>) => Row;
}

/** The SQL of the composed statement: the steps of every part, then the answer's rows where every check holds. */
export function composeStatement(parts: readonly StatementPart[], answer: StatementAnswer<unknown>): SQL {
  const steps = parts.flatMap((part) => part.steps);
  const names = steps.map((step) => step.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Error(`statement step "${repeated}" is named twice`);
  if (!names.includes(answer.step))
    throw new Error(`statement answers from "${answer.step}", not one of its steps`);
  const checks = parts.flatMap((part) => part.checks ?? []);
  return sql`with ${sql.join(
    steps.map((step) => sql`${sql.identifier(step.name)} as (${step.body})`),
    sql`, `,
  )}
    select * from ${sql.identifier(answer.step)}
    where ${checks.length === 0 ? sql`true` : sql.join(checks, sql` and `)}
    ${answer.orderBy ? sql`order by ${answer.orderBy}` : sql``}`;
}

/**
 * Runs the parts as one named statement on `executor` (the database: the statement is its own transaction; or a
 * transaction, which it joins) and answers its decoded rows. A refusal becomes the error its part says it means;
 * a refusal no part claims, or any other failure, is thrown as it came.
 */
export async function runStatement<Row>(
  executor: Database,
  label: string,
  parts: readonly StatementPart[],
  answer: StatementAnswer<Row>,
): Promise<Row[]> {
  let rows: Record<string, unknown>[];
  try {
    rows = await executeNamed<Record<string, unknown>>(executor, label, composeStatement(parts, answer));
  } catch (error) {
    const refusal = refusalOf(error);
    const meaning =
      refusal && parts.map((part) => part.refusals?.[refusal.code]).find((f) => f !== undefined);
    throw meaning && refusal ? meaning(refusal.detail) : error;
  }
  return rows.map(answer.decode);
}
