/** Types of pg-cluster.mjs, for the TypeScript tests that start a cluster of their own. */
export interface Cluster {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the PostgreSQL server, keeping the data (fault tests: an outage). */
  pause(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  /** Stops the server and removes everything. */
  stop(): void;
}

export function postgresAvailable(): boolean;
export function startCluster(): Promise<Cluster>;
