export declare const e2e: {
  port: number;
  agentPort: number;
  oidcPort: number;
  dbPort: number;
  baseUrl: string;
  readonly databaseUrl: string;
  outboxDir: string;
  agentDataDir: string;
};
