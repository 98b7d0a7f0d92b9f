/**
 * How a wire name (snake_case) reads in TypeScript code (camelCase), as a type and as a function:
 * the web's records and the server's Drizzle columns follow it, so neither keeps a list of renames.
 */

export type CamelName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelName<Tail>>}`
  : S;

export type SnakeName<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeName<Tail>}`
  : S;

export const camelName = <S extends string>(name: S): CamelName<S> =>
  name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()) as CamelName<S>;

export const snakeName = <S extends string>(name: S): SnakeName<S> =>
  name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as SnakeName<S>;
