/**
 * Statements on the hot paths (every request's key lookup, every write's permission check) are
 * prepared once per database handle: the query is not rebuilt in JavaScript, and PostgreSQL
 * parses it once per connection and reuses its plan.
 */
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
