/**
 * The one translation between the wire's snake_case names and the app's camelCase ones: a type
 * that renames a wire type's keys (recursively), and the two functions that rename values. Names
 * follow the contract's camelName/snakeName.
 */
import { type CamelName, camelName, type SnakeName, snakeName } from '@keystone/contract';

export { camelName };

/** A wire type with every key in camelCase, at every depth. */
export type Camel<T> = T extends readonly (infer Item)[]
  ? Camel<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelName<K> : K]: Camel<T[K]> }
    : T;

/** An app type with every key in snake_case, at every depth: what the wire expects. */
export type Snake<T> = T extends readonly (infer Item)[]
  ? Snake<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? SnakeName<K> : K]: Snake<T[K]> }
    : T;

function renameKeys(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [rename(key), renameKeys(item, rename)]),
  );
}

/** A wire value as the app reads it. */
export const toCamel = <T>(wire: T): Camel<T> => renameKeys(wire, camelName) as Camel<T>;

/** An app value as the wire expects it. */
export const toSnake = <T>(value: T): Snake<T> => renameKeys(value, snakeName) as Snake<T>;
