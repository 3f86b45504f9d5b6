import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp, type AppOptions, type Clock } from '@app/api';

export interface TestApp {
  app: NestExpressApplication;
  http: () => ReturnType<typeof request>;
  dataDir: string;
  /** Closes the app; the data dir stays until `dispose` so a restart can reopen it. */
  close(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * The whole site in embedded mode, in this process, on a private data dir. Environment overrides
 * apply to this app only (the config is read once while the app is created). Abuse limits are off
 * (the suites sign up many accounts from 127.0.0.1) unless `env` sets RATE_LIMITS.
 */
export async function startTestApp(
  options: { dataDir?: string; env?: Record<string, string>; clock?: Clock; wrapKeyStore?: AppOptions['wrapKeyStore'] } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'devcommunity-e2e-'));
  const overrides: Record<string, string> = { DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', RATE_LIMITS: 'off', ...options.env };
  const saved = Object.fromEntries(Object.keys(overrides).map((key) => [key, process.env[key]]));
  Object.assign(process.env, overrides);
  let app: NestExpressApplication;
  try {
    app = await createApp({ logger: false, clock: options.clock, wrapKeyStore: options.wrapKeyStore });
    await app.init();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  return {
    app,
    dataDir,
    http: () => request(app.getHttpServer()),
    close,
    dispose: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
