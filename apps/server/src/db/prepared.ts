/**
 * Statements on the hot paths (every request's key lookup, every write's permission check) are
 * prepared once per database handle: the query is not rebuilt in JavaScript, and PostgreSQL
 * parses it once per connection and reuses its plan.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

export function preparedPer<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  // A transaction is a handle of its own; its statements go when it does.
  const statements = new WeakMap<Queryable, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A statement the query builder cannot prepare (one with data-modifying WITH queries), written with
 * `sql.placeholder`s and prepared the way the builder's `.prepare(name)` does; `execute` answers
 * `{ rows }`, as `db.execute` does.
 */
export function preparedStatement(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const prepared = preparedPer((db) => db._.session.prepareQuery(query, undefined, name, false));
  return <Row>(db: Queryable) =>
    prepared(db) as { execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> };
}
