/** Types of redis-server.mjs, for the TypeScript tests that start a Redis server of their own. */
export interface RedisServer {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Stops the server abruptly, keeping its port (fault tests: clients lose their connections). */
  pause(): Promise<void>;
  /** Starts it again on the same port, empty. */
  resume(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

export function redisAvailable(): boolean;
export function startRedis(): Promise<RedisServer>;
